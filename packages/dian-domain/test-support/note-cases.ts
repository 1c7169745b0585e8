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
    ...(parsed.currency ? { currency: parsed.currency } : {}), // a note is in its invoice's currency
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

/**
 * An invoice with every tax a line may carry: IVA with ICUI, with ICA and with the per-unit IBUA (400 ml a bottle) and
 * INC bolsas, and INC alone: lines 207 000.00; IVA 20 330.00, ICUI 8 000.00, ICA 579.60, INC 8 000.00, IBUA 2 600.00
 * (10 × 400 ml × 0.65), INC bolsas 660.00 (10 × 66); payable 247 169.60.
 */
export const everyTaxInvoice: InvoiceRequestInput = {
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
  lines: [
    {
      code: 'SNK-120',
      name: 'Pasabocas ultraprocesados',
      quantity: 10,
      unit_price: 4000,
      taxes: [
        { code: '01', name: 'IVA', rate: 19 },
        { code: '35', name: 'ICUI', rate: 20 },
      ],
    },
    {
      code: 'SRV-ICA',
      name: 'Servicio con ICA',
      quantity: 1,
      unit_price: 60000,
      taxes: [
        { code: '01', name: 'IVA', rate: 19 },
        { code: '03', name: 'ICA', rate: 0.966 },
      ],
    },
    { code: 'ALM-1', name: 'Almuerzo', quantity: 4, unit_price: 25000, taxes: [{ code: '04', name: 'INC', rate: 8 }] },
    {
      code: 'BEB-400',
      name: 'Bebida azucarada 400 ml',
      quantity: 10,
      unit_price: 500,
      taxes: [
        { code: '01', name: 'IVA', rate: 19 },
        { code: '34', name: 'IBUA', per_unit_amount: 0.65, units_per_item: 400 },
      ],
    },
    {
      code: 'BOL-01',
      name: 'Bolsa plástica',
      quantity: 10,
      unit_price: 200,
      taxes: [
        { code: '01', name: 'IVA', rate: 19 },
        { code: '22', name: 'INC bolsas', per_unit_amount: 66 },
      ],
    },
    {
      code: 'GAS-1',
      name: 'Gasolina corriente',
      quantity: 2,
      unit_code: 'GLL',
      unit_price: 15000,
      taxes: [
        { code: '01', name: 'IVA', rate: 19 },
        { code: '24', name: 'INCombustibles', per_unit_amount: 1036, unit_code: 'GLL' },
        { code: '36', name: 'Ad valorem', rate: 10 },
      ],
    },
  ],
  payment: { method_code: '10' },
};

/** Every invoice case as a cancelling credit note and a re-charging debit note. */
export const noteCases: { name: string; content: NoteContent }[] = [
  ...invoiceCases,
  { name: 'every line tax', request: everyTaxInvoice },
].flatMap(({ name, request }) => {
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
