import { pino, type DestinationStream } from 'pino';
import type { Logger } from '../../ports/logger.ts';

/**
 * Secrets never reach a log (docs/architecture.md convention 10): these paths are replaced by
 * "[redacted]" wherever they appear, at the top level or one object deep, whatever a caller logs.
 */
const SECRET_KEYS = [
  'password',
  'passphrase',
  'p12',
  'pfx',
  'privateKey',
  'private_key',
  'key',
  'apiKey',
  'api_key',
  'authorization',
  'Authorization',
  'certificatePassword',
  'pin',
  'technicalKey',
  'secret',
  'token',
  'cookie',
];
export const redactedPaths = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];

/**
 * A pino logger with redaction. `service` names a single-service process; the embedded shape leaves it out and
 * hands each service a child, so no line carries the key twice. `mixin`'s fields go on every line (the active
 * span's ids: `traceLogFields` of @fe/telemetry).
 */
export function createLogger(options: {
  level?: string;
  service?: string;
  destination?: DestinationStream;
  mixin?: () => Record<string, unknown>;
}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: options.service ? { service: options.service } : {},
      redact: { paths: redactedPaths, censor: '[redacted]' },
      ...(options.mixin ? { mixin: options.mixin } : {}),
    },
    options.destination,
  ) as unknown as Logger;
}
