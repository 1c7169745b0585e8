import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { blobKey, sha256Hex } from './shared.ts';

/** One check made on a received invoice before it is listed (docs/radian.md, "The buyer's side"). */
export const receivedInvoiceCheckSchema = z.object({
  code: z.string().min(1).describe('Stable code of the check, e.g. INVOICE_SIGNATURE, DIAN_ANSWER_ACCEPTED.'),
  ok: z.boolean(),
  detail: z.string().describe('What was found, in Spanish.'),
});
export type ReceivedInvoiceCheck = z.infer<typeof receivedInvoiceCheckSchema>;

/**
 * A supplier's invoice reached the tenant, as its buyer (uploaded or by mail), and was checked: its signature, its
 * CUFE against DIAN's ApplicationResponse inside, DIAN's verdict and signature, the buyer named. The stream is the
 * received invoice's own (`rcv-<tenant>-<cufe>`); a later import of the same CUFE is recorded only when the earlier
 * one failed its checks and this one passes.
 */
export const receivedInvoiceImportedV1Data = z.object({
  cufe: z.string().regex(/^[0-9a-f]{96}$/),
  number: z.string().min(1).describe("The invoice's prefix and number (cbc:ID)."),
  issue_date: z.string().optional(),
  environment: z.string().optional().describe("cbc:ProfileExecutionID: '1' production, '2' habilitación."),
  supplier: z.object({
    nit: z.string().min(1),
    dv: z.number().int().min(0).max(9).optional(),
    document_type: z.string().optional(),
    person_type: z.enum(['1', '2']).optional(),
    name: z.string(),
    email: z.string().optional().describe("The supplier's address for the buyer's events (its Contact)."),
  }),
  buyer_id: z.string().optional().describe('The buyer the invoice names (AccountingCustomerParty CompanyID).'),
  payable_amount: z.string().optional(),
  source: z.enum(['upload', 'mail']),
  file_name: z.string().optional(),
  mail_message_id: z.string().optional(),
  document_key: blobKey.describe('The file as received (AttachedDocument or invoice XML), stored.'),
  document_sha256: sha256Hex,
  checks: z.array(receivedInvoiceCheckSchema),
  checks_passed: z.boolean().describe('True when every check passed: only then may the buyer send events.'),
});

export const receivedInvoiceImportedV1 = envelopeSchema(
  'ReceivedInvoiceImported',
  1,
  receivedInvoiceImportedV1Data,
).meta({ id: 'ReceivedInvoiceImported.v1' });
export type ReceivedInvoiceImportedV1 = z.infer<typeof receivedInvoiceImportedV1>;
