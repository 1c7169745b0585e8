import { z } from 'zod';

/** The renderer's configuration (docs/architecture.md, convention 6). */
export const rendererConfigSchema = z.object({
  maxAttempts: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(5)
    .describe('RENDERER_MAX_ATTEMPTS: deliveries of one verdict before it goes to the dead-letter topic.'),
  retryBackoffMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(200)
    .describe('RENDERER_RETRY_BACKOFF_MS: first retry delay in ms, doubled on each retry.'),
});
export type RendererConfig = z.infer<typeof rendererConfigSchema>;

export const defaultRendererConfig: RendererConfig = rendererConfigSchema.parse({});

/** Reads the schema's keys from environment variables (names as in the descriptions). */
export function rendererConfigFromEnv(env: Readonly<Record<string, string | undefined>>): RendererConfig {
  return rendererConfigSchema.parse({
    maxAttempts: env.RENDERER_MAX_ATTEMPTS,
    retryBackoffMs: env.RENDERER_RETRY_BACKOFF_MS,
  });
}
