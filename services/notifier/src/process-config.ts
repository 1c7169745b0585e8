import { dianEndpointsConfigFromEnv, dianEndpointsConfigSchema } from '@fe/dian-client';
import { smtpSettingsSchema } from '@fe/mail';
import type { Env } from '@fe/platform';
import { s3BlobStoreConfigSchema } from '@fe/platform-s3';
import { readConfig, readNestedConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { platformConfigSchema, tenantsConfigSchema } from '@fe/service-runtime/distributed';
import { z } from 'zod';
import { notifierConfigSchema } from './config.ts';

/** What the notifier's own process reads (docs/service.md, "notifier"; docs/notifier.md, "Configuration"). */
export const notifierProcessConfigSchema = runtimeConfigSchema
  .extend(platformConfigSchema.shape)
  .extend(s3BlobStoreConfigSchema.shape)
  .extend(tenantsConfigSchema.shape)
  .extend(notifierConfigSchema.shape)
  .extend(smtpSettingsSchema.shape)
  .extend({
    outboxDir: z
      .string()
      .min(1)
      .default('./data/outbox')
      .describe(
        'FE_MAIL_OUTBOX_DIR: where mails are written as .eml files when FE_SMTP_URL is unset (a deployment sets FE_SMTP_URL).',
      ),
  });

/**
 * Everything the notifier process reads; the DIAN endpoints (for GetAcquirer) are the submitter's keys too. Every bad
 * variable named in one CONFIG_INVALID.
 */
export function notifierProcessConfigFromEnv(env: Env) {
  const process = readConfig(notifierProcessConfigSchema, env);
  return {
    ...process,
    dian: readNestedConfig(dianEndpointsConfigSchema, () => dianEndpointsConfigFromEnv({ ...env })),
  };
}
