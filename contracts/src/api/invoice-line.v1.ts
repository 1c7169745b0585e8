import { z } from 'zod';
import { decimalAmountSchema, invoiceLineV2Schema, xmlTextSchema } from './invoice-request.ts';

/**
 * The line and its taxes as the published v1 events carry them (InvoiceRequested.v1, CreditNoteRequested.v1,
 * DebitNoteRequested.v1, InvoiceNoteReserved.v1): IVA and INC only, under their first ids, so those subjects' JSON
 * Schemas stay the revisions contracts/published-schemas.json holds whatever the invoice request grows (docs/events.md,
 * "Versioning").
 */
const lineTaxV1Schema = z
  .object({
    code: z.enum(['01', '04']).describe('"01" IVA, "04" INC.'),
    name: xmlTextSchema(0, 50).describe("Free text; the XML carries DIAN's own name for the code."),
    rate: decimalAmountSchema(2, 'rate').describe('Percentage: IVA 0, 5 or 19; INC 2, 4, 8 or 16.'),
  })
  .strict()
  .meta({ id: 'LineTax' });

export const invoiceLineV1Schema = invoiceLineV2Schema
  .extend({
    taxes: z
      .array(lineTaxV1Schema)
      .max(2)
      .default([])
      .refine((taxes) => new Set(taxes.map((t) => t.code)).size === taxes.length, 'at most one entry per tax code')
      .describe('Empty for goods or services excluded from IVA.'),
  })
  .meta({ id: 'InvoiceLine' });

export type InvoiceLineV1 = z.output<typeof invoiceLineV1Schema>;
