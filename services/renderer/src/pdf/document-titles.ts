import type { DocumentKind } from '../invoice-view/document-kind.ts';

/** What the PDF calls each document, its key (a note's is the CUDE) and its total. */
export type DocumentTitles = { title: string; phrase: string; keyLabel: 'CUFE' | 'CUDE'; totalLabel: string };

export const documentTitles: Record<DocumentKind, DocumentTitles> = {
  invoice: {
    title: 'FACTURA ELECTRÓNICA DE VENTA',
    phrase: 'Representación gráfica de la factura electrónica',
    keyLabel: 'CUFE',
    totalLabel: 'TOTAL A PAGAR',
  },
  credit_note: {
    title: 'NOTA CRÉDITO ELECTRÓNICA',
    phrase: 'Representación gráfica de la nota crédito electrónica',
    keyLabel: 'CUDE',
    totalLabel: 'TOTAL NOTA CRÉDITO',
  },
  debit_note: {
    title: 'NOTA DÉBITO ELECTRÓNICA',
    phrase: 'Representación gráfica de la nota débito electrónica',
    keyLabel: 'CUDE',
    totalLabel: 'TOTAL NOTA DÉBITO',
  },
};
