import { z } from 'zod';

/**
 * What an invoice's first event says of its contingency (docs/contingency.md), from InvoiceRequested.v2 on: a later
 * version spreads these fields so it inherits them. Both optional: absent means an ordinary sale (type 01).
 */
export const invoiceContingencyFields = {
  invoice_type_code: z
    .string()
    .regex(/^0[1-4]$/)
    .optional()
    .describe(
      "The XML's InvoiceTypeCode: 04 issued during DIAN's unavailability (contingency), 03 transcribed from a paper document; absent: 01.",
    ),
  contingency_transmit_by: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('A type-04 invoice: the instant by which it must reach DIAN (issue + the contingency window).'),
};
