import { z } from 'zod';
import { DianOutageMonitor } from './dian-outage-monitor.ts';
import { readDianCa } from '../config.ts';
import { probeDian } from './probe-dian.ts';

/**
 * How a process finds out DIAN is down (docs/contingency.md); the keys of every process that decides on it, read with
 * @fe/platform's configFromEnv.
 */
export const dianAvailabilityConfigSchema = z.object({
  probeIntervalMs: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(30_000)
    .describe("DIAN_PROBE_INTERVAL_MS: how often DIAN's web service is probed for an outage, in ms."),
  probeTimeoutMs: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe('DIAN_PROBE_TIMEOUT_MS: how long one probe waits for an answer, in ms.'),
  outageAfter: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(3)
    .describe('DIAN_OUTAGE_AFTER: failed probes in a row after which DIAN counts as down.'),
});
export type DianAvailabilityConfig = z.infer<typeof dianAvailabilityConfigSchema>;

/**
 * The monitor a composition root starts: real probes of the configured endpoints, trusting what the SOAP client
 * trusts (`client.caFile`, DIAN_CA_FILE, read once here).
 */
export function createDianOutageMonitor(
  dian: { endpoints: { habilitacion: string; production: string }; client: { caFile?: string | undefined } },
  config: DianAvailabilityConfig,
  onChange?: (endpoint: string, down: boolean) => void,
): DianOutageMonitor {
  const ca = readDianCa(dian.client);
  return new DianOutageMonitor({
    endpoints: dian.endpoints,
    intervalMs: config.probeIntervalMs,
    outageAfter: config.outageAfter,
    probe: (endpoint) => probeDian(endpoint, { timeoutMs: config.probeTimeoutMs, ca }),
    ...(onChange ? { onChange } : {}),
  });
}
