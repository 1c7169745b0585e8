import { imapSettingsSchema } from '@fe/mail';
import { configFromEnv, type Env } from '@fe/platform';
import { z } from 'zod';

/**
 * The reception mailbox the ingress reads for one tenant (docs/mailbox.md, docs/radian.md "The buyer's side"):
 * the IMAP keys of @fe/mail, whose tenant, and how often. Absent FE_IMAP_URL or FE_INBOX_TENANT: no mailbox is read.
 */
export const inboxConfigSchema = imapSettingsSchema.extend({
  tenant: z
    .string()
    .optional()
    .describe(
      "FE_INBOX_TENANT: the tenant whose reception address FE_IMAP_URL's mailbox is; its mail is imported as that tenant's received invoices.",
    ),
  dianTrustedPemFile: z
    .string()
    .optional()
    .describe(
      "DIAN_TRUSTED_PEM: PEM file of DIAN's certificates (or CAs); a received invoice's ApplicationResponse must chain to it (DIAN_SIGNATURE). Unset: the embedded simulator's, else only its own signature is checked.",
    ),
  pollIntervalMs: z.coerce
    .number()
    .int()
    .min(200)
    .max(3_600_000)
    .default(60_000)
    .describe('FE_INBOX_POLL_MS: how often the reception mailbox is read for new mail.'),
});

export type InboxConfig = z.infer<typeof inboxConfigSchema>;

export const inboxConfigFromEnv = (env: Env): InboxConfig => configFromEnv(inboxConfigSchema, env);
