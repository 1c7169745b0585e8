import type { CreditNoteRequest, DebitNoteRequest, ErrorDetail, InvoiceRequest, NoteKind } from '@fe/contracts';
import { creditNoteRequestSchema, debitNoteRequestSchema } from '@fe/contracts';
import { checkInvoiceRequest, documentLinesOf, failure, money, type Result } from '@fe/dian-domain';
import { amountOfCents, balanceCents, cents, isCancellation } from '@fe/invoice-status';
import type { InvoiceLedger } from './ledger.ts';
import { checkNote, invoicePartsOf, noteBuildRulesOf } from './note-identity.ts';

export type NoteRequest = CreditNoteRequest | DebitNoteRequest;

/** Fields an invoice has and a note never carries, with why (docs/notes.md, "Withholdings"). */
const unknownNoteFields: Readonly<Record<string, string>> = {
  withholdings:
    'una nota no lleva retenciones (la nota crédito y la débito de la DIAN no tienen WithholdingTaxTotal): el comprador corrige la retención en su certificado de retención',
};

/**
 * The shape of a note request (the contract's schema): VALIDATION_ERROR naming every faulty field, `concept` out of its
 * table included.
 */
export function parseNoteRequest(kind: NoteKind, body: unknown): Result<NoteRequest> {
  const parsed = (kind === 'credit' ? creditNoteRequestSchema : debitNoteRequestSchema).safeParse(body);
  if (!parsed.success) {
    const details: ErrorDetail[] = parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({
            path: [...issue.path.map(String), key].join('.'),
            message: (issue.path.length === 0 && unknownNoteFields[key]) || 'unknown field',
          }))
        : [{ path: issue.path.map(String).join('.') || 'invoice', message: issue.message }],
    );
    return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', details);
  }
  return { ok: true, value: parsed.data };
}

/** A note the book rules allow: what its reservation records. */
export type DecidedNote = {
  lines: InvoiceRequest['lines'];
  allowanceCharges?: InvoiceRequest['allowance_charges'];
  amount: string;
};

/**
 * The book rules (docs/notes.md, "Book rules"), pure: the request against the invoice's ledger as read. A debit
 * note has no bound but the invoice's acceptance.
 */
export function decideNote(kind: NoteKind, request: NoteRequest, ledger: InvoiceLedger): Result<DecidedNote> {
  const { view, requested } = ledger;
  if (view.status !== 'accepted') {
    return failure(
      'REFERENCED_INVOICE_NOT_ACCEPTED',
      `The invoice ${view.number} is ${view.status}: only an invoice DIAN accepted can be corrected.`,
      [{ path: 'invoice', message: `status ${view.status}` }],
    );
  }
  const notes = view.notes ?? [];
  const cancellation = notes.find((n) => isCancellation(n) && n.status !== 'rejected');
  if (cancellation) {
    return failure(
      'INVOICE_VOIDED',
      `The invoice ${view.number} is cancelled by ${cancellation.number ?? 'a credit note'} (${cancellation.status}).`,
      [{ path: 'invoice', message: 'cancelled' }],
    );
  }
  const balance = balanceCents(requested.data.payable_amount, notes);
  const cancelling = kind === 'credit' && request.concept === '2';
  const earlier = notes.filter((n) => n.status !== 'rejected');
  let lines = request.lines;
  let allowanceCharges = request.allowance_charges;
  if (!lines) {
    if (!cancelling)
      return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', [
        { path: 'lines', message: 'required unless the concept is "2" (cancellation)' },
      ]);
    if (earlier.length) {
      return failure(
        'CANCELLATION_NOT_FULL',
        'After earlier notes a cancellation must list lines that credit exactly the balance.',
        [
          {
            path: 'lines',
            message: `required: ${earlier.length} earlier note(s); the balance is ${amountOfCents(balance)}`,
          },
        ],
      );
    }
    // A cancellation reproduces the invoice: its lines and its discounts and charges (unless the request names some).
    // An AIU invoice's document has lines its request does not list; a mandate's name principals (documentLinesOf).
    const documentLines = documentLinesOf(requested.data.request, {
      issueDate: requested.data.issued_at.slice(0, 10),
      buildRules: noteBuildRulesOf(requested),
    });
    if (!documentLines) throw new Error(`invoice ${view.number}: its accepted request no longer validates`);
    lines = documentLines;
    allowanceCharges ??= requested.data.request.allowance_charges;
  }

  // The note's lines are checked and totalled exactly as an invoice's, with the invoice's buyer and payment, the
  // declared total included: the amounts the CUDE hashes are the ones the document will carry (computeTotals).
  const asInvoice: InvoiceRequest = {
    customer: requested.data.request.customer,
    payment: requested.data.request.payment,
    lines,
    ...(allowanceCharges?.length ? { allowance_charges: allowanceCharges } : {}),
    ...(request.total !== undefined ? { total: request.total } : {}),
  };
  // With the invoice's build rules, so a cancellation's lines give exactly the invoice's amounts.
  const buildRules = noteBuildRulesOf(requested);
  const checked = checkInvoiceRequest(asInvoice, { issueDate: requested.data.issued_at.slice(0, 10), buildRules });
  if (!checked.ok) return checked;
  // …and by the note builder's own rules (a debit note has no free lines), so a reservation never holds a note the
  // signer cannot build.
  const note = checkNote(kind, request, lines, allowanceCharges, invoicePartsOf(ledger), buildRules);
  if (!note.ok) return note;
  const amount = money(note.value.totals.payable);

  const field = request.total !== undefined ? 'total' : 'lines';
  if (cancelling && cents(amount) !== balance) {
    return failure('CANCELLATION_NOT_FULL', 'A cancellation must credit exactly the whole balance.', [
      { path: field, message: `credits ${amount}; the balance is ${amountOfCents(balance)}` },
    ]);
  }
  if (!cancelling && cents(amount) === 0n) {
    return failure('NOTE_AMOUNT_ZERO', 'Una nota de 0.00 no corrige nada: sus líneas deben sumar más de cero.', [
      { path: field, message: 'el total de la nota es 0.00' },
    ]);
  }
  if (kind === 'credit' && cents(amount) > balance) {
    return failure('CREDIT_EXCEEDS_BALANCE', "The credit note is larger than the invoice's balance.", [
      { path: field, message: `credits ${amount}; the balance is ${amountOfCents(balance)} (pending notes count)` },
    ]);
  }
  return { ok: true, value: { lines, ...(allowanceCharges?.length ? { allowanceCharges } : {}), amount } };
}
