import type { Envelope, ErrorCode, InvoiceRequestedV1 } from '@fe/contracts';
import { invoiceStreamName, newInvoiceEvent, PlatformError, type Clock, type EventStore } from '@fe/platform';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';
import type { TenantDirectory, TenantProfile } from '@fe/tenancy';
import type { IngressConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { findRequestedByKey } from '../idempotency/find-requested-by-key.ts';
import type { IdempotencyStore, StoredResponse } from '../idempotency/idempotency-store.ts';
import { requestHash } from '../idempotency/request-hash.ts';
import type { NumberAllocator } from '../numbering/number-allocator.ts';
import { decideRequest, requestedData } from './decide.ts';
import type { InvoiceOutcomes } from './invoice-outcomes.ts';

export type RequestInvoicePorts = {
  store: EventStore;
  tenants: TenantDirectory;
  idempotency: IdempotencyStore;
  allocator: NumberAllocator;
  outcomes: InvoiceOutcomes;
  /** The HTTP answer for an invoice's current view (status code, Location, body with fresh links). */
  answer(view: InvoiceStatusView): Promise<StoredResponse>;
  clock: Clock;
  config: IngressConfig;
};

export type InvoiceCommand = {
  tenantId: string;
  body: unknown;
  idempotencyKey: string | undefined;
  requestId: string;
  /** A shorter wait budget asked for by the client (Prefer: wait); never longer than the configured one. */
  waitMs?: number | undefined;
};

/**
 * POST /invoice as a function of its ports: tenant readiness, Idempotency-Key, validation,
 * numbering (the InvoiceRequested append is the commit point), then waiting for the verdict.
 * Every answer after authentication is kept for the key, except 5xx: those release it.
 */
export async function requestInvoice(ports: RequestInvoicePorts, command: InvoiceCommand): Promise<StoredResponse> {
  const { tenantId, idempotencyKey: key } = command;
  const profile = await readyProfile(ports, tenantId);
  if (key === undefined) return await issue(ports, profile, command);

  const begun = await ports.idempotency.begin({
    tenantId, key, requestHash: requestHash(command.body), now: ports.clock.now(), leaseMs: ports.config.idempotencyLeaseMs, storeHead: await ports.store.head(),
  });
  if (begun.outcome === 'replay') return begun.response;
  if (begun.outcome === 'mismatch') throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different body.', [{ path: 'Idempotency-Key', message: 'reused with another body' }]);
  if (begun.outcome === 'in_progress') throw new ApiError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still running.', [{ path: 'Idempotency-Key', message: 'in progress' }], { 'Retry-After': '1' });

  try {
    const orphan = begun.outcome === 'taken_over' ? await findRequestedByKey(ports.store, begun.storeHead, tenantId, key) : undefined;
    const response = orphan ? await waitAndAnswer(ports, orphan, command) : await issue(ports, profile, command);
    await ports.idempotency.complete(tenantId, key, response);
    return response;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      await ports.idempotency.complete(tenantId, key, { statusCode: error.status, headers: error.headers, body: error.body(command.requestId) });
    } else {
      await ports.idempotency.release(tenantId, key).catch(() => undefined); // the store may be what failed
    }
    throw error;
  }
}

async function issue(ports: RequestInvoicePorts, profile: TenantProfile, command: InvoiceCommand): Promise<StoredResponse> {
  const decided = decideRequest(command.body, profile, ports.clock.now());
  if (!decided.ok) {
    const { code, message, details } = decided.error;
    throw new ApiError(code as ErrorCode, message, details);
  }
  const accepted = decided.value;
  let requested: InvoiceRequestedV1 | undefined;
  await ports.allocator.allocate(command.tenantId, accepted.resolution, accepted.explicitNumber, (number) => {
    const data = requestedData(accepted, profile, number, command.idempotencyKey);
    const meta = { tenantId: command.tenantId, invoiceId: invoiceStreamName(command.tenantId, data.document_id), correlationId: command.requestId, causationId: command.requestId };
    requested = newInvoiceEvent('InvoiceRequested', data, meta, ports.clock);
    return requested as Envelope;
  });
  return waitAndAnswer(ports, requested!, command);
}

/**
 * Waits for the verdict and its PDF (drawn after it), or for a step that gave up (nothing more will
 * happen until an operator acts), then answers with whatever is known.
 */
async function waitAndAnswer(ports: RequestInvoicePorts, requested: InvoiceRequestedV1, command: InvoiceCommand): Promise<StoredResponse> {
  const done = (v: InvoiceStatusView) => (v.status !== 'pending' && v.pdfKey !== undefined) || v.processingHalt !== undefined;
  const budget = Math.min(ports.config.waitBudgetMs, command.waitMs ?? Infinity);
  const view = await ports.outcomes.waitFor(requested.invoice_id!, done, budget);
  return ports.answer(view ?? evolve(undefined, requested)!);
}

async function readyProfile(ports: RequestInvoicePorts, tenantId: string): Promise<TenantProfile> {
  const profile = await ports.tenants.profile(tenantId);
  const notReady = (message: string) => new ApiError('TENANT_NOT_READY', `Onboarding is incomplete: ${message}.`, [{ path: '', message }]);
  if (!profile) throw notReady('the tenant has no company data');
  if (!profile.resolutions.length) throw notReady('no numbering resolution on file');
  if (!profile.hasCertificate) throw notReady('no signing certificate on file');
  try {
    await ports.tenants.credential(tenantId, ports.clock.now());
  } catch (error) {
    // A store that did not answer (a PostgreSQL restart) is 503 UNAVAILABLE, which the client
    // retries; only a certificate that does not qualify is the tenant's onboarding.
    if (error instanceof PlatformError && error.retriable) throw error;
    throw notReady('the signing certificate is not valid now');
  }
  return profile;
}
