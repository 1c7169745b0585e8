import { z } from 'zod';
import { invoiceLineV1Schema } from '../api/invoice-line.v1.ts';
import { invoiceRequestV2Schema } from '../api/invoice-request.ts';
import { envelopeSchema } from './envelope.ts';
import { amountString, buildRulesField } from './shared.ts';

/** The id of a schema only v1 events carry: the HTTP API's request is InvoiceRequestV2. */
export const invoiceRequestV1SchemaId = 'InvoiceRequest';

/** The request as v1 carries it: lines with IVA and INC only (invoice-line.v1.ts), frozen under its first id. */
const invoiceRequestV1Schema = invoiceRequestV2Schema
  .extend({ lines: z.array(invoiceLineV1Schema).min(1).max(500) })
  .meta({ id: invoiceRequestV1SchemaId });

/**
 * Ingress accepted a request and numbered it (written until the request took taxes beyond IVA and INC; now
 * InvoiceRequested.v2, which reads every v1 through upcastInvoiceRequestedV1).
 */
export const invoiceRequestedV1Data = z.object({
  request: invoiceRequestV1Schema,
  prefix: z.string(),
  number: z.string().regex(/^\d+$/),
  document_id: z.string().describe('prefix + number, the XML cbc:ID'),
  resolution_id: z.string(),
  environment: z.enum(['1', '2']).describe('1 production, 2 habilitación'),
  issued_at: z.iso.datetime({ offset: true }),
  cufe: z.string().regex(/^[0-9a-f]{96}$/),
  payable_amount: amountString,
  idempotency_key: z.string().optional(),
  build_rules: buildRulesField,
});

export const invoiceRequestedV1 = envelopeSchema('InvoiceRequested', 1, invoiceRequestedV1Data).meta({
  id: 'InvoiceRequested.v1',
});
export type InvoiceRequestedV1 = z.infer<typeof invoiceRequestedV1>;
