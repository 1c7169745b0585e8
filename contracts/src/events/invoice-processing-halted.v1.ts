import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/** The step of the invoice's flow a reacting service performs (contracts/topology.ts, `step`). */
export const processingStepSchema = z
  .enum(['signing', 'rendering', 'submission', 'notification'])
  .meta({ id: 'ProcessingStep' });
export type ProcessingStep = z.infer<typeof processingStepSchema>;

/**
 * A service gave up on the invoice (its message dead-lettered), so the status says where it is stuck and why
 * instead of staying "pending"; a re-drive lets the step's own next event move it on.
 */
export const invoiceProcessingHaltedV1Data = z.object({
  step: processingStepSchema,
  consumer_group: z.string().min(1),
  failed_event_id: z.uuid(),
  failed_event_type: z.string().min(1),
  error_code: z
    .string()
    .min(1)
    .describe('The stable code of the last failure, e.g. REBUILD_FAILED; UNEXPECTED when it had none.'),
  attempts: z.number().int().positive(),
});

export const invoiceProcessingHaltedV1 = envelopeSchema(
  'InvoiceProcessingHalted',
  1,
  invoiceProcessingHaltedV1Data,
).meta({
  id: 'InvoiceProcessingHalted.v1',
});
export type InvoiceProcessingHaltedV1 = z.infer<typeof invoiceProcessingHaltedV1>;
