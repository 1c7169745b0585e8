import { configFromEnv, envNamesOf, type Env } from '@fe/platform';
import { z } from 'zod';

/**
 * The ingress configuration (docs/architecture.md convention 6): every key has a description, an
 * environment variable and a safe development default. Parsed once by a composition root.
 */
export const ingressConfigSchema = z
  .object({
    waitBudgetMs: z.coerce
      .number()
      .int()
      .min(0)
      .max(120_000)
      .default(10_000)
      .describe("FE_WAIT_BUDGET_MS: how long POST waits for DIAN's verdict before answering 202."),
    bodyLimitBytes: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024)
      .describe('FE_BODY_LIMIT_BYTES: largest accepted body (docs/api.md, "Limits": 1 MiB).'),
    rateLimitPerSecond: z.coerce
      .number()
      .positive()
      .default(50)
      .describe('FE_RATE_LIMIT_PER_SECOND: sustained requests per tenant per second.'),
    rateLimitBurst: z.coerce
      .number()
      .int()
      .positive()
      .default(100)
      .describe('FE_RATE_LIMIT_BURST: requests a tenant may send at once.'),
    authFailuresPerMinute: z.coerce
      .number()
      .positive()
      .default(10)
      .describe(
        'FE_AUTH_FAILURES_PER_MINUTE: sustained failed authentications a client address may make per minute before 429.',
      ),
    authFailureBurst: z.coerce
      .number()
      .int()
      .positive()
      .default(20)
      .describe('FE_AUTH_FAILURE_BURST: failed authentications a client address may make at once.'),
    requestTimeoutMs: z.coerce
      .number()
      .int()
      .positive()
      .default(30_000)
      .describe(
        'FE_REQUEST_TIMEOUT_MS: time a client has to send a whole request (headers and body) before 408 and a closed connection.',
      ),
    headersTimeoutMs: z.coerce
      .number()
      .int()
      .positive()
      .default(10_000)
      .describe(
        'FE_HEADERS_TIMEOUT_MS: time a client has to send the request line and headers (at most FE_REQUEST_TIMEOUT_MS).',
      ),
    keepAliveTimeoutMs: z.coerce
      .number()
      .int()
      .positive()
      .default(5_000)
      .describe('FE_KEEP_ALIVE_TIMEOUT_MS: how long an idle connection is kept open for the next request.'),
    maxConnections: z.coerce
      .number()
      .int()
      .positive()
      .default(1024)
      .describe('FE_MAX_CONNECTIONS: open connections the server accepts; more are closed at once.'),
    maxConnectionsPerAddress: z.coerce
      .number()
      .int()
      .positive()
      .default(256)
      .describe(
        'FE_MAX_CONNECTIONS_PER_ADDRESS: open connections one client address (an IPv6 /64) may hold; more are closed at once, unread.',
      ),
    idempotencyTtlHours: z.coerce
      .number()
      .positive()
      .default(24)
      .describe('FE_IDEMPOTENCY_TTL_HOURS: how long an Idempotency-Key and its first response are kept.'),
    idempotencyLeaseMs: z.coerce
      .number()
      .int()
      .positive()
      .default(30_000)
      .describe(
        'FE_IDEMPOTENCY_LEASE_MS: after a crash, how long a key stays "in progress" before another request may take it over.',
      ),
    // At most 7 days: an S3 presigned URL (SigV4) cannot live longer, and the server would refuse it
    // only when the buyer opens the link.
    linkTtlSeconds: z.coerce
      .number()
      .int()
      .positive()
      .max(7 * 24 * 3600)
      .default(7 * 24 * 3600)
      .describe(
        'FE_LINK_TTL_SECONDS: validity of xml_url and pdf_url, at most 604800 (docs/api.md, "File links": 7 days).',
      ),
    explicitNumberWindow: z.coerce
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(0)
      .describe(
        "FE_EXPLICIT_NUMBER_WINDOW: how far ahead of the next consecutive a request's explicit `number` may be (0: no gaps in the numbering).",
      ),
    retryAfterSeconds: z.coerce
      .number()
      .int()
      .positive()
      .default(2)
      .describe('FE_RETRY_AFTER_SECONDS: Retry-After sent with 503 UNAVAILABLE.'),
    contingencyWindowHours: z.coerce
      .number()
      .positive()
      .max(30 * 24)
      .default(48)
      .describe(
        'CONTINGENCY_WINDOW_HOURS: how long after its issue a contingency invoice (type 04) must reach DIAN (docs/contingency.md).',
      ),
    contingencyAlarmHours: z.coerce
      .number()
      .min(0)
      .max(30 * 24)
      .default(12)
      .describe(
        "CONTINGENCY_ALARM_HOURS: how long before a contingency invoice's window ends the tenant's readiness warns of it.",
      ),
  })
  .refine((config) => config.headersTimeoutMs <= config.requestTimeoutMs, {
    path: ['headersTimeoutMs'],
    message: 'FE_HEADERS_TIMEOUT_MS must not exceed FE_REQUEST_TIMEOUT_MS (the headers are part of the request)',
  });

export type IngressConfig = z.infer<typeof ingressConfigSchema>;

/** Environment variable of each key, as written in its description. */
export const ingressEnv = envNamesOf(ingressConfigSchema);

export function ingressConfigFromEnv(env: Env): IngressConfig {
  return configFromEnv(ingressConfigSchema, env);
}
