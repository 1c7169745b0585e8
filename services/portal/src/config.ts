import { configFromEnv, type Env } from '@fe/platform';
import { z } from 'zod';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The admin portal's configuration (docs/architecture.md convention 6; docs/portal.md). */
export const portalConfigSchema = z.object({
  secureCookies: flag
    .default(true)
    .describe(
      'FE_PORTAL_SECURE_COOKIES: mark the session cookie Secure (browsers keep sending it to http://localhost and 127.0.0.1; turn off only behind plain HTTP on another host, never in production).',
    ),
  sessionHours: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12)
    .describe('FE_PORTAL_SESSION_HOURS: how long a session lasts after login.'),
  loginFailuresBeforeLockout: z.coerce
    .number()
    .int()
    .positive()
    .default(5)
    .describe(
      'FE_PORTAL_LOGIN_FAILURES: login attempts for one email from one client address (an IPv6 client: its /64) before that address may not log in to it; others still may.',
    ),
  lockoutMinutes: z.coerce
    .number()
    .positive()
    .default(15)
    .describe(
      'FE_PORTAL_LOCKOUT_MINUTES: how long a lock on an email or an address lasts (and the window failures are counted in).',
    ),
  loginFailuresPerAddress: z.coerce
    .number()
    .int()
    .positive()
    .default(30)
    .describe(
      'FE_PORTAL_LOGIN_FAILURES_PER_ADDRESS: failed logins from one client address, whatever the emails, before the address is locked out.',
    ),
  loginFailuresPerAccount: z.coerce
    .number()
    .int()
    .positive()
    .default(50)
    .describe(
      'FE_PORTAL_LOGIN_FAILURES_PER_ACCOUNT: failed logins for one email from all addresses before it may log in only from a browser that logged in to it before (or through a password reset).',
    ),
  mailFrom: z
    .string()
    .regex(/^[^\r\n]+$/)
    .default('Facturación electrónica <no-reply@localhost>')
    .describe("FE_PORTAL_MAIL_FROM: the From of the portal's mails (confirmation, password reset)."),
  testSetDocuments: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(8)
    .describe(
      "FE_PORTAL_TEST_SET_DOCUMENTS: invoices the portal's habilitación run issues and follows to DIAN's verdict.",
    ),
  formPostsPerMinute: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .describe(
      'FE_PORTAL_FORM_POSTS_PER_MINUTE: login, sign-up and password-reset posts one client address may make per minute.',
    ),
  mailsPerEmailPerHour: z.coerce
    .number()
    .int()
    .positive()
    .default(5)
    .describe(
      'FE_PORTAL_MAILS_PER_EMAIL_PER_HOUR: sign-up and password-reset mails the portal sends to one email per hour; more are not sent (the page reads the same).',
    ),
  certificateSweepMs: z.coerce
    .number()
    .int()
    .min(100)
    .default(3_600_000)
    .describe(
      "FE_PORTAL_CERTIFICATE_SWEEP_MS: how often the portal looks for certificates within 30, 7 or 1 days of their end (or past it) and mails each warning once to the tenant's account.",
    ),
});

export type PortalConfig = z.infer<typeof portalConfigSchema>;

export const portalConfigFromEnv = (env: Env): PortalConfig => configFromEnv(portalConfigSchema, env);
