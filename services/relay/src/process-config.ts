import type { Env } from '@fe/platform';
import { readConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { platformConfigSchema } from '@fe/service-runtime/distributed';
import { z } from 'zod';

/** Everything the relay's process reads (docs/service.md, "relay"). */
export const relayProcessConfigSchema = runtimeConfigSchema.extend(platformConfigSchema.shape).extend({
  name: z
    .string()
    .regex(/^[a-z][a-z0-9.-]{0,99}$/, 'lowercase letters, digits, dots and hyphens')
    .default('relay.invoice-events')
    .describe(
      "RELAY_NAME: the relay's checkpoint and lease name, and its Kafka transactional id: every instance of one relay uses the same.",
    ),
  idleMs: z.coerce
    .number()
    .int()
    .min(5)
    .max(10_000)
    .default(1000)
    .describe(
      'RELAY_IDLE_MS: how long the relay waits before reading the event store again once it has caught up, unless an append wakes it first (PostgreSQL NOTIFY).',
    ),
  auditKeyFile: z
    .string()
    .min(1)
    .optional()
    .describe(
      "FE_AUDIT_KEY_FILE: the Ed25519 private key (PKCS#8 PEM, a secret file) that signs the event store's checkpoints; unset: none are signed.",
    ),
  auditCheckpointIntervalMs: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60_000)
    .describe("FE_AUDIT_CHECKPOINT_INTERVAL_MS: how often the event store's head is signed, when it moved."),
});

export function relayProcessConfigFromEnv(env: Env) {
  return readConfig(relayProcessConfigSchema, env);
}
