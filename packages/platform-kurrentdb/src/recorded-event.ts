import type { Envelope } from '@fe/contracts';
import { traceContextOf, type RecordedEvent, type TraceContext } from '@fe/platform';
import { jsonEvent, type JSONEventData, type Position } from '@kurrent/kurrentdb-client';
import { digestOf } from './event-chain.ts';
import { KurrentAdapterError } from './errors.ts';
import { positionOf } from './positions.ts';

/** What this adapter needs of an event the client read (the client's RecordedEvent has it). */
export type StoredEvent = {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  isJson: boolean;
  data: unknown;
  metadata?: unknown;
  created: Date;
  position?: Position | undefined;
};

/**
 * One envelope as a KurrentDB event: its uuid the event id (KurrentDB's idempotence keys on it), its type the
 * event type, and the ids, chain digest and trace context in metadata under the names KurrentDB's projections read.
 */
export function eventDataOf(envelope: Envelope, digest: string, traceContext?: TraceContext): JSONEventData {
  return jsonEvent({
    id: envelope.id,
    type: envelope.type,
    data: envelope as unknown as Record<string, unknown>,
    metadata: { $correlationId: envelope.correlation_id, $causationId: envelope.causation_id, digest, ...traceContext },
  });
}

/**
 * KurrentDB's own events (`$`-prefixed streams and types: metadata, statistics, projections' links) are not the
 * product's.
 */
export const isSystemEvent = (event: { streamId: string; type: string }): boolean =>
  event.streamId.startsWith('$') || event.type.startsWith('$');

/** A stored event as the port's RecordedEvent: its revision is the version, its commit position the global position. */
export function recordedOf(event: StoredEvent): RecordedEvent {
  const envelope = event.data as Partial<Envelope> | null;
  if (!event.isJson || typeof envelope !== 'object' || envelope === null || envelope.id !== event.id) {
    throw new KurrentAdapterError(
      'NOT_AN_ENVELOPE',
      `event ${event.id} in stream ${event.streamId} was not written by this adapter`,
    );
  }
  const traceContext = traceContextOf(
    typeof event.metadata === 'object' ? (event.metadata as Record<string, unknown> | null) : undefined,
  );
  const digest = digestOf(event.metadata);
  return {
    stream: event.streamId,
    version: event.revision,
    position: positionOf(event),
    envelope: envelope as Envelope,
    recordedAt: event.created.toISOString(),
    ...(digest ? { digest } : {}),
    ...(traceContext ? { traceContext } : {}),
  };
}
