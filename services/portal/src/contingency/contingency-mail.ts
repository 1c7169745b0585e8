import { CONTINGENCY_ADVICE, contingencySentence, type ContingencyStanding } from './contingency-words.ts';
import { bogotaDateTime } from '../expiry/expiry-words.ts';

/** The mail before the earliest contingency invoice's window ends, in Spanish, with the link to the pending ones. */
export function contingencyMail(
  company: { legalName: string; nit: string },
  standing: ContingencyStanding,
  baseUrl: string,
): { subject: string; text: string } {
  const subject = `Facturas de contingencia sin transmitir a la DIAN: la primera vence el ${bogotaDateTime(standing.earliest.transmitBy)} (${company.legalName})`;
  const text = [
    `Empresa: ${company.legalName} (NIT ${company.nit})`,
    '',
    contingencySentence(standing),
    '',
    CONTINGENCY_ADVICE,
    `${baseUrl}/admin/invoices?status=pending`,
    '',
    'Este aviso se envía una vez por grupo de facturas de contingencia pendientes.',
  ].join('\n');
  return { subject, text };
}
