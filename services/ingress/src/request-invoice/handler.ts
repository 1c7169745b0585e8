import type { Envelope, ErrorCode, InvoiceRequestedV3 } from '@fe/contracts';
import { invoiceStreamName, newInvoiceEvent, type Clock, type EventStore } from '@fe/platform';
import { tagInvoice } from '@fe/telemetry';
import type { InvoiceStatusView } from '@fe/invoice-status';
import type { TenantDirectory, TenantProfile } from '@fe/tenancy';
import type { IngressConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { findRequestedByKey } from '../idempotency/find-requested-by-key.ts';
import type { IdempotencyStore, StoredResponse } from '../idempotency/idempotency-store.ts';
import { withIdempotencyKey } from '../idempotency/with-idempotency-key.ts';
import type { NumberAllocator } from '../numbering/number-allocator.ts';
import type { DianAvailability } from '../ports/dian-availability.ts';
import { contingencyFields } from './contingency.ts';
import { decideRequest, requestedData } from './decide.ts';
import type { InvoiceOutcomes } from './invoice-outcomes.ts';
import { readyProfile } from './ready-profile.ts';
import { waitAndAnswer } from './wait-and-answer.ts';

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
  /** DIAN's outage as this process sees it, for the tenants in `automatic` contingency (docs/contingency.md). */
  dianAvailability?: DianAvailability | undefined;
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
 * POST /invoice: the InvoiceRequested append is the commit point. Every answer after authentication is kept for the
 * key, except 5xx, which release it.
 */
export async function requestInvoice(ports: RequestInvoicePorts, command: InvoiceCommand): Promise<StoredResponse> {
  const profile = await readyProfile(ports, command.tenantId);
  return withIdempotencyKey(ports, command, 'invoice', async (takenOverAt) => {
    const orphan =
      takenOverAt === undefined
        ? undefined
        : await findRequestedByKey(ports.store, takenOverAt, command.tenantId, command.idempotencyKey!);
    if (orphan?.invoice_id) tagInvoice(orphan.invoice_id);
    return orphan ? await waitAndAnswer(ports, orphan, command.waitMs) : await issue(ports, profile, command);
  });
}

async function issue(
  ports: RequestInvoicePorts,
  profile: TenantProfile,
  command: InvoiceCommand,
): Promise<StoredResponse> {
  const decided = decideRequest(command.body, profile, ports.clock.now());
  if (!decided.ok) {
    const { code, message, details } = decided.error;
    throw new ApiError(code as ErrorCode, message, details);
  }
  const accepted = decided.value;
  const dianDown = ports.dianAvailability?.isDown(profile.environment) ?? false;
  const contingency = contingencyFields(
    accepted.request,
    profile,
    dianDown,
    accepted.issuedAt,
    ports.config.contingencyWindowHours,
  );
  let requested: InvoiceRequestedV3 | undefined;
  await ports.allocator.allocate(command.tenantId, accepted.resolution, accepted.explicitNumber, (number) => {
    const data = requestedData(accepted, profile, number, command.idempotencyKey, contingency);
    const meta = {
      tenantId: command.tenantId,
      invoiceId: invoiceStreamName(command.tenantId, data.document_id),
      correlationId: command.requestId,
      causationId: command.requestId,
    };
    requested = newInvoiceEvent('InvoiceRequested', data, meta, ports.clock);
    return requested as Envelope;
  });
  tagInvoice(requested!.invoice_id!); // the POST's span names the invoice, as every span after it does
  return waitAndAnswer(ports, requested!, command.waitMs);
}
