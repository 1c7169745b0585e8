import type { InvoiceRequest, NoteKind } from '@fe/contracts';
import {
  CURRENT_BUILD_RULES,
  checkInvoiceRequest,
  failure,
  money,
  type Result,
  type ValidatedNote,
} from '@fe/dian-domain';
import type { NoteRequest } from './decide.ts';
import { checkNote, type NoteParts } from './note-identity.ts';

/** A note on no invoice of this product, checked: what its first event records. */
export type DecidedUnlinkedNote = {
  checked: ValidatedNote;
  parts: NoteParts;
  lines: InvoiceRequest['lines'];
  allowanceCharges: InvoiceRequest['allowance_charges'];
};

/**
 * A note without a referenced invoice (22/32) or on an invoice issued elsewhere (docs/notes.md, "Notes on no invoice
 * of this product"): its own lines, buyer and payment checked as an invoice's. No book rules: there is no ledger
 * here; DIAN's CBF03a (a note without an invoice cannot cancel one) is the rule left to check.
 */
export function decideUnlinkedNote(kind: NoteKind, request: NoteRequest): Result<DecidedUnlinkedNote> {
  const { external_invoice: external, invoice_period: period, customer, payment, lines } = request;
  if (!customer || !payment || !lines || (!external && !period))
    throw new RangeError('the request schema lets no unlinked note lack its buyer, payment, lines or reference');
  if (kind === 'credit' && request.concept === '2' && period) {
    return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', [
      {
        path: 'concept',
        message:
          'una nota sin factura de referencia no puede anular una factura (concepto "2"; regla CBF03a de la DIAN)',
      },
    ]);
  }
  const parts: NoteParts = {
    ...(external
      ? {
          referenced_invoice: {
            document_id: external.number,
            cufe: external.cufe,
            issue_date: external.issue_date,
          },
        }
      : { invoice_period: period }),
    customer,
    payment,
  };
  const allowanceCharges = request.allowance_charges?.length ? request.allowance_charges : undefined;
  // The declared total is checked as an invoice's is; the note's own checks then build what the CUDE hashes.
  const declared = checkInvoiceRequest(
    {
      customer,
      payment,
      lines,
      ...(allowanceCharges ? { allowance_charges: allowanceCharges } : {}),
      ...(request.total !== undefined ? { total: request.total } : {}),
    },
    { issueDate: external?.issue_date ?? period!.start_date, buildRules: CURRENT_BUILD_RULES },
  );
  if (!declared.ok) return declared;
  const checked = checkNote(kind, request, lines, allowanceCharges, parts, CURRENT_BUILD_RULES);
  if (!checked.ok) return checked;
  if (money(checked.value.totals.payable) === '0.00') {
    return failure('NOTE_AMOUNT_ZERO', 'Una nota de 0.00 no corrige nada: sus líneas deben sumar más de cero.', [
      { path: request.total !== undefined ? 'total' : 'lines', message: 'el total de la nota es 0.00' },
    ]);
  }
  return { ok: true, value: { checked: checked.value, parts, lines, allowanceCharges } };
}
