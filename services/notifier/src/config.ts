import { configFromEnv, type Env } from '@fe/platform';
import { z } from 'zod';

/**
 * The notifier's configuration (docs/architecture.md convention 6). The mail server's keys
 * (FE_SMTP_*) are @fe/mail's smtpSettingsSchema; a composition root reads both.
 */
export const notifierConfigSchema = z.object({
  from: z
    .email()
    .optional()
    .describe(
      "FE_MAIL_FROM: the sender address of every mail (a domain whose SPF/DKIM the mail server signs for); absent: each tenant's own email, with its name shown.",
    ),
  maxAttempts: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(6)
    .describe(
      'NOTIFIER_MAX_ATTEMPTS: deliveries of one trigger (a temporary mail failure each) before it goes to the dead letters.',
    ),
  retryBackoffMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(2000)
    .describe(
      'NOTIFIER_RETRY_BACKOFF_MS: first retry delay in ms after a temporary mail failure, doubled on each retry.',
    ),
});
export type NotifierConfig = z.infer<typeof notifierConfigSchema>;

export const defaultNotifierConfig: NotifierConfig = notifierConfigSchema.parse({});

export const notifierConfigFromEnv = (env: Env): NotifierConfig => configFromEnv(notifierConfigSchema, env);
