// The note concept tables alone (no zod), so a worker thread that prints them does not load the contracts' schemas:
// `@fe/contracts/note-concepts`.
/** Annex 1.9 table 13.2.4 (CreditNote DiscrepancyResponse/ResponseCode). */
export const creditNoteConcepts = {
  '1': 'Devolución parcial de los bienes y/o no aceptación parcial del servicio',
  '2': 'Anulación de factura electrónica',
  '3': 'Rebaja o descuento parcial o total',
  '4': 'Ajuste de precio',
  '5': 'Descuento comercial por pronto pago',
  '6': 'Descuento comercial por volumen de ventas',
} as const;

/** Annex 1.9 table 13.2.5 (DebitNote DiscrepancyResponse/ResponseCode). */
export const debitNoteConcepts = {
  '1': 'Intereses',
  '2': 'Gastos por cobrar',
  '3': 'Cambio del valor',
  '4': 'Otros',
} as const;
