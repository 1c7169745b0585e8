/** The three UBL documents the renderer reads and where each keeps what the PDF prints; the root decides. */
export type DocumentKind = 'invoice' | 'credit_note' | 'debit_note';

type Layout = { line: string; quantity: string; monetaryTotal: string };

export const documentKinds: Record<string, DocumentKind> = {
  Invoice: 'invoice',
  CreditNote: 'credit_note',
  DebitNote: 'debit_note',
};

export const kindLayout: Record<DocumentKind, Layout> = {
  invoice: { line: 'InvoiceLine', quantity: 'InvoicedQuantity', monetaryTotal: 'LegalMonetaryTotal' },
  credit_note: { line: 'CreditNoteLine', quantity: 'CreditedQuantity', monetaryTotal: 'LegalMonetaryTotal' },
  debit_note: { line: 'DebitNoteLine', quantity: 'DebitedQuantity', monetaryTotal: 'RequestedMonetaryTotal' },
};
