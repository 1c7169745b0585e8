/**
 * What the buyer's mail calls each document and how its files are named (annex §9.1 type codes, §6.5 prefixes).
 */
export type DocumentKind = 'invoice' | 'credit_note' | 'debit_note';

export type KindWords = {
  typeCode: string;
  pdfPrefix: string;
  name: string;
  signed: string;
  keyLabel: 'CUFE' | 'CUDE';
};

export const documentKinds: Record<DocumentKind, KindWords> = {
  invoice: {
    typeCode: '01',
    pdfPrefix: 'ad',
    name: 'factura electrónica de venta',
    signed: 'la factura firmada',
    keyLabel: 'CUFE',
  },
  credit_note: {
    typeCode: '91',
    pdfPrefix: 'nc',
    name: 'nota crédito electrónica',
    signed: 'la nota crédito firmada',
    keyLabel: 'CUDE',
  },
  debit_note: {
    typeCode: '92',
    pdfPrefix: 'nd',
    name: 'nota débito electrónica',
    signed: 'la nota débito firmada',
    keyLabel: 'CUDE',
  },
};
