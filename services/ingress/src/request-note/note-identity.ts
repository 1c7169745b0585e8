import type { InvoiceRequest } from '@fe/contracts';
import { checkInvoiceRequest, colombiaDateTime, cude, money } from '@fe/dian-domain';
import type { TenantProfile } from '@fe/tenancy';

export type NoteIdentityInput = {
  documentId: string;
  issuedAt: Date;
  /** The note's lines with the invoice's buyer and payment, checked as an invoice's lines are. */
  asInvoice: InvoiceRequest;
  /** The invoice's Colombian issue date: the context its payment terms were valid in. */
  invoiceIssueDate: string;
  profile: Pick<TenantProfile, 'tenant' | 'software' | 'environment'>;
};

/**
 * A note's CUDE (annex 1.9 §1.2): the CUFE's 15 fields over the note's own number, date, time and
 * totals (computeTotals of its lines, as the document carries them: LegalMonetaryTotal for a credit
 * note, RequestedMonetaryTotal for a debit note), with the software PIN as key. The PIN comes from the
 * tenant's profile, opened from its sealed copy; it is never logged or returned.
 */
export function noteIdentity(input: NoteIdentityInput): { cude: string; issuedAt: string; payable: string } {
  const checked = checkInvoiceRequest(input.asInvoice, { issueDate: input.invoiceIssueDate });
  if (!checked.ok) throw new RangeError(`a reserved note's lines no longer check: ${checked.error.code}`); // checked when reserved
  const t = checked.value.totals;
  const when = colombiaDateTime(input.issuedAt);
  const { profile } = input;
  const code = cude({
    numFac: input.documentId, fecFac: when.date, horFac: when.time,
    valFac: money(t.lineExtension), valIva: money(t.byCode['01']), valInc: money(t.byCode['04']), valIca: money(t.byCode['03']),
    valTot: money(t.payable), nitOfe: profile.tenant.nit, numAdq: checked.value.customer.documentNumber,
    key: profile.software.pin, environment: profile.environment,
  });
  return { cude: code, issuedAt: when.iso, payable: money(t.payable) };
}
