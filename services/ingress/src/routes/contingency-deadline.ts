import type { TenantReadinessResponse } from '@fe/contracts';
import type { StatusStore } from '@fe/invoice-status';
import { documentStream, loadState, type EventStore } from '@fe/platform';

export type ContingencyDeadlinePorts = {
  invoices: Pick<StatusStore, 'listForTenant'>;
  store: EventStore;
};

type Warning = Extract<TenantReadinessResponse['warnings'][number], { code: 'CONTINGENCY_DEADLINE' }>;

/** The pending invoices looked at: a tenant's contingency queue, not its history. */
const RECENT_INVOICES = 500;

const bogota = (at: Date) =>
  at.toLocaleString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long', timeStyle: 'short' });

/**
 * The alarm before a contingency invoice's window passes (docs/contingency.md): the tenant's oldest pending type-04
 * invoice whose deadline is within `alarmHours`, or past; undefined when none is.
 */
export async function contingencyDeadlineWarning(
  ports: ContingencyDeadlinePorts,
  tenantId: string,
  now: Date,
  alarmHours: number,
): Promise<Warning | undefined> {
  const pending = (await ports.invoices.listForTenant(tenantId, RECENT_INVOICES)).filter((v) => v.status === 'pending');
  let oldest: { documentId: string; transmitBy: string } | undefined;
  for (const view of pending) {
    const { requested } = (await loadState(ports.store, view.invoiceId, documentStream)).state;
    const transmitBy = requested?.type === 'InvoiceRequested' ? requested.data.contingency_transmit_by : undefined;
    if (transmitBy && (!oldest || Date.parse(transmitBy) < Date.parse(oldest.transmitBy)))
      oldest = { documentId: view.number, transmitBy };
  }
  if (!oldest || Date.parse(oldest.transmitBy) - now.getTime() > alarmHours * 3_600_000) return undefined;
  const passed = Date.parse(oldest.transmitBy) <= now.getTime();
  return {
    code: 'CONTINGENCY_DEADLINE',
    document_id: oldest.documentId,
    transmit_by: oldest.transmitBy,
    message: `La factura de contingencia ${oldest.documentId} ${passed ? 'debía transmitirse' : 'debe transmitirse'} a la DIAN a más tardar el ${bogota(new Date(oldest.transmitBy))} (hora de Colombia) y la DIAN aún no la ha recibido.`,
  };
}
