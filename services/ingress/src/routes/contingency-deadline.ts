import type { TenantReadinessResponse } from '@fe/contracts';
import { contingencyAlarmDue, untransmittedContingencyInvoices, type ContingencyQueuePorts } from '@fe/invoice-status';

export type ContingencyDeadlinePorts = ContingencyQueuePorts;

type Warning = Extract<TenantReadinessResponse['warnings'][number], { code: 'CONTINGENCY_DEADLINE' }>;

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
  const queue = await untransmittedContingencyInvoices(ports, tenantId);
  if (!contingencyAlarmDue(queue, now, alarmHours)) return undefined;
  const oldest = queue[0]!;
  const passed = oldest.transmitBy.getTime() <= now.getTime();
  return {
    code: 'CONTINGENCY_DEADLINE',
    document_id: oldest.number,
    transmit_by: oldest.transmitBy.toISOString(),
    message: `La factura de contingencia ${oldest.number} ${passed ? 'debía transmitirse' : 'debe transmitirse'} a la DIAN a más tardar el ${bogota(oldest.transmitBy)} (hora de Colombia) y la DIAN aún no la ha recibido.`,
  };
}
