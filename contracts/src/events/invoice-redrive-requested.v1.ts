import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { processingStepSchema } from './invoice-processing-halted.v1.ts';

/**
 * An operator asked to run a step that failed for good once more (`pnpm fe redrive`, the portal's invoice page),
 * after fixing its cause: the step's reaction takes the invoice up again; who asked stays in its history.
 */
export const invoiceRedriveRequestedV1Data = z.object({
  step: processingStepSchema,
  requested_by: z.string().min(1).max(200).describe('Who asked: `cli:<os user>` or `portal:<account email>`.'),
  requested_at: z.iso.datetime({ offset: true }),
  dead_letter_ids: z
    .array(z.number().int().positive())
    .optional()
    .describe("The dead letters handed back to the step's service, when it had dead-lettered the invoice's event."),
});

export const invoiceRedriveRequestedV1 = envelopeSchema(
  'InvoiceRedriveRequested',
  1,
  invoiceRedriveRequestedV1Data,
).meta({ id: 'InvoiceRedriveRequested.v1' });
export type InvoiceRedriveRequestedV1 = z.infer<typeof invoiceRedriveRequestedV1>;
