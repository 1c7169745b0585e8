import type { Clock, EventStore } from '@fe/platform';
import type { IngressConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import type { IdempotencyStore, StoredResponse } from './idempotency-store.ts';
import { requestHash } from './request-hash.ts';

export type IdempotencyPorts = {
  store: EventStore;
  idempotency: IdempotencyStore;
  clock: Clock;
  config: Pick<IngressConfig, 'idempotencyLeaseMs'>;
};

export type KeyedCommand = { tenantId: string; body: unknown; idempotencyKey: string | undefined; requestId: string };

/**
 * The Idempotency-Key semantics every creating POST shares (docs/api.md, "Idempotency-Key"). 5xx answers release
 * the key so the client may retry; `run` gets the store head of a request that died holding the key.
 */
export async function withIdempotencyKey(
  ports: IdempotencyPorts,
  command: KeyedCommand,
  endpoint: 'invoice' | 'credit-note' | 'debit-note',
  run: (takenOverAt: bigint | undefined) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const { tenantId, idempotencyKey: key } = command;
  if (key === undefined) return await run(undefined);

  const begun = await ports.idempotency.begin({
    tenantId,
    key,
    endpoint,
    requestHash: requestHash(command.body),
    now: ports.clock.now(),
    leaseMs: ports.config.idempotencyLeaseMs,
    storeHead: await ports.store.head(),
  });
  if (begun.outcome === 'replay') return begun.response;
  if (begun.outcome === 'other_endpoint')
    throw new ApiError(
      'IDEMPOTENCY_KEY_REUSED',
      `Esta Idempotency-Key ya se usó en /${begun.endpoint}; cada clave sirve a un solo endpoint.`,
      [{ path: 'Idempotency-Key', message: `usada antes en /${begun.endpoint}` }],
    );
  if (begun.outcome === 'mismatch')
    throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different body.', [
      { path: 'Idempotency-Key', message: 'reused with another body' },
    ]);
  if (begun.outcome === 'in_progress')
    throw new ApiError(
      'IDEMPOTENCY_IN_PROGRESS',
      'A request with this Idempotency-Key is still running.',
      [{ path: 'Idempotency-Key', message: 'in progress' }],
      { 'Retry-After': '1' },
    );

  try {
    const response = await run(begun.outcome === 'taken_over' ? begun.storeHead : undefined);
    await ports.idempotency.complete(tenantId, key, response);
    return response;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      await ports.idempotency.complete(tenantId, key, {
        statusCode: error.status,
        headers: error.headers,
        body: error.body(command.requestId),
      });
    } else {
      await ports.idempotency.release(tenantId, key).catch(() => undefined); // the store may be what failed
    }
    throw error;
  }
}
