/**
 * What the buyer's mail calls each document, and how its files are named: DIAN's document type
 * code in the subject (annex §9.1: 01 invoice, 91 credit note, 92 debit note), the annex §6.5
 * prefix of the PDF beside the AttachedDocument (`ad` for an invoice as before, the note's own
 * `nc`/`nd`), and the Spanish names of the mail's text.
 */
export type DocumentKind = 'invoice' | 'credit_note' | 'debit_note';

export type KindWords = { typeCode: string; pdfPrefix: string; name: string; signed: string; keyLabel: 'CUFE' | 'CUDE' };

export const documentKinds: Record<DocumentKind, KindWords> = {
  invoice: { typeCode: '01', pdfPrefix: 'ad', name: 'factura electrónica de venta', signed: 'la factura firmada', keyLabel: 'CUFE' },
  credit_note: { typeCode: '91', pdfPrefix: 'nc', name: 'nota crédito electrónica', signed: 'la nota crédito firmada', keyLabel: 'CUDE' },
  debit_note: { typeCode: '92', pdfPrefix: 'nd', name: 'nota débito electrónica', signed: 'la nota débito firmada', keyLabel: 'CUDE' },
};
