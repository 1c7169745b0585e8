import { createHash } from 'node:crypto';
import type { InvoiceEventEntry, InvoiceEventFile } from '@fe/contracts';
import { PlatformError } from '../errors.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { RecordedEvent } from '../ports/event-store.ts';

/**
 * The files an event names, by the `<role>_key` / `<role>_sha256` convention every event follows.
 *
 *   filesNamed(signed.envelope) // [{ role: 'xml', key: 'demo/SETP1.xml', sha256: '…' }]
 */
export function filesNamed(
  envelope: RecordedEvent['envelope'],
): { role: string; key: string; sha256: string | undefined }[] {
  const data = envelope.data;
  if (typeof data !== 'object' || data === null) return [];
  const fields = data as Record<string, unknown>;
  return Object.entries(fields)
    .filter(
      (entry): entry is [string, string] =>
        entry[0].endsWith('_key') && typeof entry[1] === 'string' && entry[0] !== 'idempotency_key',
    )
    .map(([field, key]) => {
      const role = field.slice(0, -'_key'.length);
      const sha256 = fields[`${role}_sha256`];
      return { role, key, sha256: typeof sha256 === 'string' ? sha256 : undefined };
    });
}

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * An invoice's history for the tenant (docs/api.md, "Invoice history") and the auditor: each event with its
 * chain digest and its files' digests, read from the file only when the event records none.
 */
export async function invoiceHistory(
  events: readonly RecordedEvent[],
  blobs: Pick<BlobStore, 'get'>,
): Promise<InvoiceEventEntry[]> {
  return Promise.all(
    events.map(async (event): Promise<InvoiceEventEntry> => {
      const { envelope } = event;
      const files = await Promise.all(
        filesNamed(envelope).map(async ({ role, key, sha256 }): Promise<InvoiceEventFile> =>
          sha256 !== undefined
            ? { role, key, sha256, recorded_in_event: true }
            : { role, key, sha256: await storedDigest(blobs, key), recorded_in_event: false },
        ),
      );
      return {
        id: envelope.id,
        type: envelope.type,
        event_version: envelope.version,
        stream_version: Number(event.version),
        position: String(event.position),
        occurred_at: envelope.occurred_at,
        recorded_at: event.recordedAt,
        correlation_id: envelope.correlation_id,
        causation_id: envelope.causation_id,
        ...(event.digest ? { chain_digest: event.digest } : {}),
        files,
        data: (typeof envelope.data === 'object' && envelope.data !== null ? envelope.data : {}) as Record<
          string,
          unknown
        >,
      };
    }),
  );
}

/** The digest of a stored file, or null when there is none (an unavailable store still throws). */
async function storedDigest(blobs: Pick<BlobStore, 'get'>, key: string): Promise<string | null> {
  try {
    return sha256Of((await blobs.get(key)).bytes);
  } catch (error) {
    if (error instanceof PlatformError && error.code === 'BLOB_NOT_FOUND') return null;
    throw error;
  }
}
