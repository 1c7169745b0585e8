import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { buyerEventCodeSchema } from './received-invoice-shared.ts';
import { blobKey, sha256Hex } from './shared.ts';

/** DIAN registered the buyer's event (SendEventUpdateStatus answered 00, its answer signed by DIAN). */
export const receivedInvoiceEventRegisteredV1Data = z.object({
  code: buyerEventCodeSchema,
  event_id: z.string().min(1),
  cude: z.string().regex(/^[0-9a-f]{96}$/),
  issue_date: z.string(),
  issue_time: z.string(),
  registered_at: z.iso.datetime({ offset: true }).optional(),
  event_key: blobKey.describe('The signed event, stored.'),
  event_sha256: sha256Hex,
  application_response_key: blobKey.optional().describe("DIAN's signed answer, stored."),
  status_message: z.string().optional(),
});

export const receivedInvoiceEventRegisteredV1 = envelopeSchema(
  'ReceivedInvoiceEventRegistered',
  1,
  receivedInvoiceEventRegisteredV1Data,
).meta({ id: 'ReceivedInvoiceEventRegistered.v1' });
export type ReceivedInvoiceEventRegisteredV1 = z.infer<typeof receivedInvoiceEventRegisteredV1>;
