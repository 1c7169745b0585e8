import type { UntransmittedInvoice } from '@fe/invoice-status';
import { bogotaDateTime } from '../expiry/expiry-words.ts';

/** Where a tenant's untransmitted contingency invoices stand now: how many, and the earliest end of a window. */
export type ContingencyStanding = { count: number; earliest: UntransmittedInvoice; passed: boolean };

export const contingencyStanding = (
  queue: readonly UntransmittedInvoice[],
  now: Date,
): ContingencyStanding | undefined =>
  queue.length
    ? { count: queue.length, earliest: queue[0]!, passed: queue[0]!.transmitBy.getTime() <= now.getTime() }
    : undefined;

/** The one sentence the banner and the mail say: how many, and by when the first must reach DIAN. */
export function contingencySentence({ count, earliest, passed }: ContingencyStanding): string {
  const when = `${bogotaDateTime(earliest.transmitBy)} (hora de Colombia)`;
  const must = passed ? 'debía transmitirse' : 'debe transmitirse';
  return count === 1
    ? `Hay 1 factura de contingencia (tipo 04) que la DIAN aún no ha recibido: la ${earliest.number}, que ${must} a más tardar el ${when}.`
    : `Hay ${count} facturas de contingencia (tipo 04) que la DIAN aún no ha recibido; la primera, ${earliest.number}, ${must} a más tardar el ${when}.`;
}

export const CONTINGENCY_ADVICE =
  'El servicio las transmite en cuanto la DIAN responda. Si la indisponibilidad sigue, comuníquese con la DIAN antes de esa hora.';
