import { z } from 'zod';

/**
 * One envelope for every event (docs/api.md, "Events"); `correlation_id` and `causation_id` let auditors rebuild
 * the chain of causes.
 */
export const envelopeSchema = <Type extends string, Data extends z.ZodType>(type: Type, version: number, data: Data) =>
  z.object({
    id: z.uuid().describe('Unique event id; consumers deduplicate on it.'),
    type: z.literal(type),
    version: z.literal(version),
    occurred_at: z.iso.datetime({ offset: true }),
    tenant_id: z.string().min(1),
    invoice_id: z.string().min(1).optional(),
    correlation_id: z.string().min(1),
    causation_id: z.string().min(1),
    data,
  });

export type Envelope<Type extends string = string, Data = unknown> = {
  id: string;
  type: Type;
  version: number;
  occurred_at: string;
  tenant_id: string;
  invoice_id?: string | undefined;
  correlation_id: string;
  causation_id: string;
  data: Data;
};
