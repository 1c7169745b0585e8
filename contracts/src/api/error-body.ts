import { z } from 'zod';
import { errorCodes, type ErrorCode } from './error-codes.ts';

export const errorDetailSchema = z
  .object({
    path: z
      .string()
      .describe('The faulty field as a dotted path, e.g. `lines.0.taxes.1.rate`; empty for the body as a whole.'),
    message: z.string().describe('What is wrong with it, for a person.'),
  })
  .meta({ id: 'ErrorDetail' });

export const errorSchema = z
  .object({
    code: z
      .enum(errorCodes as [ErrorCode, ...ErrorCode[]])
      .describe('Stable code; switch on this, never on the message.'),
    message: z.string(),
    details: z.array(errorDetailSchema),
  })
  .meta({ id: 'Error' });

/** Every error answer of the API has this body (docs/api.md, "Errors"). */
export const errorBodySchema = z
  .object({
    success: z.literal(false),
    error: errorSchema,
    request_id: z.string().describe('Echoed in the X-Request-Id header and in the service logs.'),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
