import { z } from 'zod';
import { invoiceRequestSchema } from '../api/invoice-request.ts';
import { envelopeSchema } from './envelope.ts';
import { invoiceContingencyFields } from './invoice-requested-shared.ts';
import { amountString, buildRulesField } from './shared.ts';

/**
 * Ingress accepted a request and numbered it. It holds everything a pure rebuild needs, so a replay reproduces
 * byte-identical documents, even after an upgrade.
 */
export const invoiceRequestedV1Data = z.object({
  request: invoiceRequestSchema,
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
  ...invoiceContingencyFields,
});

export const invoiceRequestedV1 = envelopeSchema('InvoiceRequested', 1, invoiceRequestedV1Data).meta({
  id: 'InvoiceRequested.v1',
});
export type InvoiceRequestedV1 = z.infer<typeof invoiceRequestedV1>;
