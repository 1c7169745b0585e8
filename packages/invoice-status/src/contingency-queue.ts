import { documentStream, loadState, type EventStore } from '@fe/platform';
import type { StatusStore } from './store/status-store.ts';

export type ContingencyQueuePorts = {
  invoices: Pick<StatusStore, 'listForTenant'>;
  store: EventStore;
};

/** A contingency invoice (type 04) DIAN has not taken yet, and the end of its window. */
export type UntransmittedInvoice = { invoiceId: string; number: string; transmitBy: Date };

/** The pending invoices looked at: a tenant's contingency queue, not its history. */
const RECENT_INVOICES = 500;

/**
 * A tenant's contingency invoices still pending at DIAN, earliest deadline first (docs/contingency.md, "The
 * deadline"): what the readiness warning, the portal's banner and its mail are written from. The deadline is read from
 * the invoice's first event, which the status view does not carry.
 */
export async function untransmittedContingencyInvoices(
  ports: ContingencyQueuePorts,
  tenantId: string,
): Promise<UntransmittedInvoice[]> {
  const pending = (await ports.invoices.listForTenant(tenantId, RECENT_INVOICES)).filter((v) => v.status === 'pending');
  const found: UntransmittedInvoice[] = [];
  for (const view of pending) {
    const { requested } = (await loadState(ports.store, view.invoiceId, documentStream)).state;
    const transmitBy = requested?.type === 'InvoiceRequested' ? requested.data.contingency_transmit_by : undefined;
    if (transmitBy) found.push({ invoiceId: view.invoiceId, number: view.number, transmitBy: new Date(transmitBy) });
  }
  return found.sort((a, b) => a.transmitBy.getTime() - b.transmitBy.getTime());
}

/** Whether the earliest of `queue` ends within `alarmHours` of `now`, or has ended. */
export const contingencyAlarmDue = (queue: readonly UntransmittedInvoice[], now: Date, alarmHours: number): boolean =>
  queue.length > 0 && queue[0]!.transmitBy.getTime() - now.getTime() <= alarmHours * 3_600_000;
