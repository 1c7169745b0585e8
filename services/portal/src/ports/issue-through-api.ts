import type { ErrorBody } from '@fe/contracts';

/**
 * Issues one invoice through the service's API with a tenant's key and an Idempotency-Key; the
 * answer's status and JSON body.
 */
export type IssueThroughApi = (
  apiKey: string,
  document: unknown,
  idempotencyKey: string,
) => Promise<{ status: number; body: { cufe?: string; number?: string; error?: ErrorBody['error'] } }>;
