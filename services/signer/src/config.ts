import { z } from 'zod';

/** The signer's configuration (docs/architecture.md, convention 6); the root sizes the pool from `poolSize`. */
export const signerConfigSchema = z.object({
  maxAttempts: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(5)
    .describe(
      'SIGNER_MAX_ATTEMPTS: deliveries of one InvoiceRequested before it goes to the dead-letter topic. Bounds the retries of failures no retry can fix (an expired certificate).',
    ),
  retryBackoffMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(200)
    .describe('SIGNER_RETRY_BACKOFF_MS: first retry delay in ms, doubled on each retry.'),
  digestAlgorithm: z
    .enum(['sha256', 'sha384', 'sha512'])
    .default('sha256')
    .describe('SIGNER_DIGEST_ALGORITHM: digest and RSA hash of the XAdES signature; DIAN accepts all three.'),
  poolSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe('SIGNER_POOL_SIZE: signing worker threads the composition root starts; default: cores - 1, at least 1.'),
});
export type SignerConfig = z.infer<typeof signerConfigSchema>;

export const defaultSignerConfig: SignerConfig = signerConfigSchema.parse({});

/** Reads the schema's keys from environment variables (names as in the descriptions). */
export function signerConfigFromEnv(env: Readonly<Record<string, string | undefined>>): SignerConfig {
  return signerConfigSchema.parse({
    maxAttempts: env.SIGNER_MAX_ATTEMPTS,
    retryBackoffMs: env.SIGNER_RETRY_BACKOFF_MS,
    digestAlgorithm: env.SIGNER_DIGEST_ALGORITHM,
    poolSize: env.SIGNER_POOL_SIZE,
  });
}
