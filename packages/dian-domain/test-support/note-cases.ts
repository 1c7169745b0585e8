import {
  creditNoteRequestSchema,
  debitNoteRequestSchema,
  invoiceRequestSchema,
  type CreditNoteRequestInput,
  type DebitNoteRequestInput,
  type InvoiceRequestInput,
} from '@fe/contracts';
import {
  buildNoteXml,
  checkNoteDocument,
  documentLinesOf,
  demoSoftware,
  demoTenant,
  type BuildNoteInput,
  type BuiltNote,
  type NoteContent,
} from '../src/index.ts';
import { invoiceCases } from './invoice-cases.ts';

/** Notes built the way the signer rebuilds them, shared through `@fe/dian-domain/testing`. */
export const NOTE_ISSUED_AT = new Date('2026-03-12T13:30:00Z'); // 08:30:00-05:00

const CUFE = '4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3';

/** The referenced invoice and its parties as ingress copies them into the note's first event. */
function invoicePartsOf(request: InvoiceRequestInput, documentId = 'SETP990000001', cufe = CUFE) {
  const parsed = invoiceRequestSchema.parse(request);
  return {
    referenced_invoice: { invoice_id: `demo:${documentId}`, document_id: documentId, cufe, issue_date: '2026-03-10' },
    customer: parsed.customer,
    payment: parsed.payment,
  };
}

/** A note request whose lines may be typed as an invoice's (the fixtures'); the note's schema still checks them. */
type NoteRequestFixture<Input extends { lines?: unknown }> = Omit<Input, 'lines'> & {
  lines?: InvoiceRequestInput['lines'];
};

export function creditNoteContent(
  request: NoteRequestFixture<CreditNoteRequestInput>,
  invoice: InvoiceRequestInput,
): Extract<NoteContent, { kind: 'credit' }> {
  const parsed = creditNoteRequestSchema.parse(request);
  // a full cancellation carries the invoice's lines, as its document does (an AIU's added ones, no principals)
  const lines = parsed.lines ?? documentLinesOf(invoiceRequestSchema.parse(invoice), { issueDate: '2026-03-10' })!;
  return { kind: 'credit', request: parsed, lines, ...invoicePartsOf(invoice) };
}

export function debitNoteContent(
  request: NoteRequestFixture<DebitNoteRequestInput> & { lines: InvoiceRequestInput['lines'] },
  invoice: InvoiceRequestInput,
): Extract<NoteContent, { kind: 'debit' }> {
  const parsed = debitNoteRequestSchema.parse(request);
  return { kind: 'debit', request: parsed, lines: parsed.lines, ...invoicePartsOf(invoice) };
}

/** The builder's input for the demo tenant; throws when the content does not validate (a fixture bug). */
export function noteInput(content: NoteContent, number = '1', issuedAt = NOTE_ISSUED_AT): BuildNoteInput {
  const note = checkNoteDocument(content);
  if (!note.ok) throw new Error(`fixture is invalid: ${note.error.code} ${JSON.stringify(note.error.details)}`);
  return {
    note: note.value,
    tenant: demoTenant,
    software: demoSoftware,
    environment: '2',
    prefix: content.kind === 'credit' ? 'NC' : 'ND',
    number,
    issuedAt,
  };
}

export const buildNoteCase = (content: NoteContent, number?: string, issuedAt?: Date): BuiltNote =>
  buildNoteXml(noteInput(content, number, issuedAt));

/** Every invoice case as a cancelling credit note and a re-charging debit note. */
export const noteCases: { name: string; content: NoteContent }[] = invoiceCases.flatMap(({ name, request }) => {
  const charged = request.lines.filter((line) => !line.free_of_charge).map(({ principal: _p, ...line }) => line);
  return [
    {
      name: `credit: cancels "${name}"`,
      content: creditNoteContent({ invoice: { cufe: CUFE }, concept: '2' }, request),
    },
    ...(charged.length
      ? [
          {
            name: `debit: "${name}"`,
            content: debitNoteContent({ invoice: { cufe: CUFE }, concept: '4', lines: charged }, request),
          },
        ]
      : []),
  ];
});
