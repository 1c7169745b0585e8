import { untransmittedContingencyInvoices, type ContingencyQueuePorts } from '@fe/invoice-status';
import type { ContingencyQueue } from '../ports/contingency-queue.ts';

/** The queue read as the readiness check reads it: the status views, each pending one's first event. */
export function contingencyQueueThrough(ports: ContingencyQueuePorts, alarmHours: number): ContingencyQueue {
  return { alarmHours, untransmitted: (tenantId) => untransmittedContingencyInvoices(ports, tenantId) };
}
