import type { ReceivedInvoiceEventRequestedV1 } from '@fe/contracts';
import type { FileCounter, GatewayCache } from '@fe/dian-client';
import {
  metaCausedBy,
  newInvoiceEvent,
  runReaction,
  type BlobStore,
  type Clock,
  type EventStore,
  type Logger,
} from '@fe/platform';
import { receivedInvoiceFold } from '@fe/received-invoices';
import { isXadesError } from '@fe/xades';
import type { TenantDirectory } from '@fe/tenancy';
import type { TenantSlots } from '../concurrency/tenant-slots.ts';
import type { AnswerTrust } from '../on-invoice-signed/answer-trust.ts';
import { decideBuyerEventSend } from './decide.ts';
import { sendBuyerEvent } from './send-buyer-event.ts';

export type BuyerEventDeps = {
  store: EventStore;
  blobs: BlobStore;
  tenants: TenantDirectory;
  clock: Clock;
  logger: Logger;
  slots: TenantSlots;
  gateways: GatewayCache;
  endpoints: { habilitacion: string; production: string };
  fileCounter: FileCounter;
  answerTrust?: AnswerTrust | undefined;
  /** How long a request waits for a slot of its tenant's DIAN calls before the bus delivers it again (ms). */
  slotWaitMs?: number;
};

const SLOT_POLL_MS = 100;

/**
 * ReceivedInvoiceEventRequested → the buyer's event signed, sent to DIAN under a slot of the tenant's DIAN calls, and
 * DIAN's answer recorded on the received invoice's stream (docs/radian.md, "The buyer's side").
 */
export function onReceivedInvoiceEventRequested(deps: BuyerEventDeps) {
  return async (requested: ReceivedInvoiceEventRequestedV1): Promise<void> => {
    const stream = requested.invoice_id!;
    const logger = deps.logger.child({ invoice_id: stream, event_code: requested.data.code });
    const run = await runReaction({
      store: deps.store,
      stream,
      fold: receivedInvoiceFold,
      decide: (state) => decideBuyerEventSend(requested, state),
      act: async (decision) => {
        const meta = metaCausedBy(requested);
        const profile = await deps.tenants.profile(requested.tenant_id);
        const credential = profile && (await usableCredential(deps, requested.tenant_id));
        if (!profile || !credential || 'code' in credential) {
          const code = credential && 'code' in credential ? credential.code : 'CREDENTIAL_MISSING';
          const message = 'El comprador no tiene un certificado vigente para firmar el evento.';
          const data = { code: requested.data.code, event_id: requested.data.event_id, status_code: code };
          const refused = { ...data, rules: [{ rule: code, message }] };
          return { events: [newInvoiceEvent('ReceivedInvoiceEventRefused', refused, meta, deps.clock)] };
        }
        const release = await acquire(deps, requested.tenant_id);
        let sent;
        try {
          const endpoint = profile.environment === '1' ? deps.endpoints.production : deps.endpoints.habilitacion;
          sent = await sendBuyerEvent({
            tenant: profile.tenant,
            software: profile.software,
            environment: profile.environment,
            credential,
            gateway: deps.gateways.forTenant(requested.tenant_id, endpoint, credential),
            imported: decision.imported,
            entry: decision.entry,
            blobs: deps.blobs,
            fileCounter: deps.fileCounter,
            answerTrust: deps.answerTrust,
          });
        } finally {
          await release();
        }
        logger.info(
          { outcome: sent.kind, ...(sent.kind === 'refused' ? { rules: sent.data.rules } : {}) },
          "the buyer's RADIAN event was sent",
        );
        const event =
          sent.kind === 'registered'
            ? newInvoiceEvent('ReceivedInvoiceEventRegistered', sent.data, meta, deps.clock)
            : newInvoiceEvent('ReceivedInvoiceEventRefused', sent.data, meta, deps.clock);
        return { events: [event] };
      },
    });
    if (run.outcome === 'lost_race') logger.info({}, "another run recorded DIAN's answer first");
  };
}

/** The tenant's certificate, or why it cannot sign (expired, …: a refusal, not a retry). */
async function usableCredential(deps: BuyerEventDeps, tenantId: string) {
  try {
    return await deps.tenants.credential(tenantId, deps.clock.now());
  } catch (error) {
    if (isXadesError(error)) return { code: error.code };
    throw error;
  }
}

/** A slot of the tenant's DIAN calls, waited for a while; past that the bus delivers the request again. */
async function acquire(deps: BuyerEventDeps, tenantId: string): Promise<() => Promise<void>> {
  const deadline = Date.now() + (deps.slotWaitMs ?? 30_000);
  for (;;) {
    const release = await deps.slots.tryAcquire(tenantId);
    if (release) return async () => void (await release());
    if (Date.now() > deadline) throw new Error("DIAN_CALLS_BUSY: the tenant's DIAN calls stayed busy");
    await new Promise((resolve) => setTimeout(resolve, SLOT_POLL_MS));
  }
}
