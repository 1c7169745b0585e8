import { z } from 'zod';
import { dianEndpointsConfigInput, dianEndpointsConfigSchema } from '@fe/dian-client';

/**
 * The submitter service's configuration: where each DIAN environment is, how long a call may take
 * (@fe/dian-client's endpoint keys), how often and how long to retry, and how many calls one tenant may
 * have open towards DIAN at once (docs/api.md, "Limits": 4). Defaults are safe for development:
 * both environments point at the local simulator, so nothing reaches DIAN by accident.
 */
export const submitterConfigSchema = dianEndpointsConfigSchema.extend({
  retry: z
    .object({
      maxAttempts: z.coerce
        .number()
        .int()
        .min(1)
        .max(100)
        .default(8)
        .describe(
          'SUBMIT_MAX_ATTEMPTS: DIAN calls per invoice (sends and reconciliations) before the submitter stops retrying; the invoice then stays pending.',
        ),
      baseDelayMs: z.coerce
        .number()
        .int()
        .min(1)
        .default(1_000)
        .describe('SUBMIT_RETRY_BASE_MS: delay after the first failed attempt, doubled after each further one, in ms.'),
      maxDelayMs: z.coerce
        .number()
        .int()
        .min(1)
        .default(60_000)
        .describe('SUBMIT_RETRY_MAX_MS: upper bound of one delay, in ms.'),
      jitter: z.coerce
        .number()
        .min(0)
        .max(1)
        .default(0.2)
        .describe(
          'SUBMIT_RETRY_JITTER: fraction of each delay drawn at random (0 none, 1 full jitter), so invoices that failed together do not retry together.',
        ),
      contingencyMaxDelayMs: z.coerce
        .number()
        .int()
        .min(1)
        .default(60_000)
        .describe(
          'SUBMIT_CONTINGENCY_RETRY_MS: upper bound of one delay for a contingency invoice (type 04), which is retried until DIAN takes it, and how often one waiting for the previous number looks again, in ms (docs/contingency.md).',
        ),
    })
    .prefault({}),
  concurrencyPerTenant: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(4)
    .describe('SUBMIT_CONCURRENCY_PER_TENANT: DIAN calls one tenant may have open at once (docs/api.md, "Limits": 4).'),
  sweepIntervalMs: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(250)
    .describe('SUBMIT_SWEEP_INTERVAL_MS: how often the retry schedule is checked for due attempts, in ms.'),
  sweepBatch: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(100)
    .describe('SUBMIT_SWEEP_BATCH: due schedule rows read per sweep.'),
  radian: z
    .object({
      follow: z
        .enum(['true', 'false'])
        .default('true')
        .transform((value) => value === 'true')
        .describe(
          "RADIAN_FOLLOW: whether accepted invoices' RADIAN events are followed at DIAN (GetStatusEvent), recorded, and automatic tacit acceptances issued (docs/radian.md); 'false' stops that, while a seller's own request for its 034 still asks DIAN.",
        ),
      sweepIntervalMs: z.coerce
        .number()
        .int()
        .min(10)
        .max(600_000)
        .default(5_000)
        .describe('RADIAN_SWEEP_INTERVAL_MS: how often the event-check schedule is looked at for due checks, in ms.'),
      maxCheckIntervalMs: z.coerce
        .number()
        .int()
        .min(10)
        .optional()
        .describe(
          'RADIAN_CHECK_MAX_INTERVAL_MS: the longest wait between two checks of one invoice, in ms; unset: every 15 minutes the first day, hourly the first week, every 6 hours the first month, daily to 90 days (nextEventCheck).',
        ),
    })
    .prefault({}),
  dianTrustedPemFile: z
    .string()
    .min(1)
    .optional()
    .describe(
      "DIAN_TRUSTED_PEM: PEM file of the certificates that sign DIAN's ApplicationResponses, or of the CAs that issue them; an answer signed by any other is not recorded (APPLICATION_RESPONSE_UNTRUSTED). Unset: with loopback endpoints (a simulator) answers are recorded unchecked, with a warning; with any other the start fails (DIAN_ANCHOR_REQUIRED).",
    ),
});
export type SubmitterConfig = z.infer<typeof submitterConfigSchema>;

/** Reads the service's keys from environment variables (names as in the descriptions). */
export function submitterConfigFromEnv(env: Record<string, string | undefined>): SubmitterConfig {
  return submitterConfigSchema.parse({
    ...dianEndpointsConfigInput(env),
    retry: {
      maxAttempts: env.SUBMIT_MAX_ATTEMPTS,
      baseDelayMs: env.SUBMIT_RETRY_BASE_MS,
      maxDelayMs: env.SUBMIT_RETRY_MAX_MS,
      jitter: env.SUBMIT_RETRY_JITTER,
      contingencyMaxDelayMs: env.SUBMIT_CONTINGENCY_RETRY_MS,
    },
    concurrencyPerTenant: env.SUBMIT_CONCURRENCY_PER_TENANT,
    sweepIntervalMs: env.SUBMIT_SWEEP_INTERVAL_MS,
    sweepBatch: env.SUBMIT_SWEEP_BATCH,
    radian: {
      follow: env.RADIAN_FOLLOW || undefined,
      sweepIntervalMs: env.RADIAN_SWEEP_INTERVAL_MS || undefined,
      maxCheckIntervalMs: env.RADIAN_CHECK_MAX_INTERVAL_MS || undefined,
    },
    dianTrustedPemFile: env.DIAN_TRUSTED_PEM || undefined,
  });
}
