// The embedded default as a Shape (shape.ts): the whole service in the test process (world.ts).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { colombiaDateTime } from '@fe/dian-domain';
import { parseFault } from '@fe/dian-simulator';
import { registerExtraTenants, type ExtraTenants } from '../extra-tenants.ts';
import { startWorld } from '../world.ts';
import { invoiceEventsOf, settledDiff, type Shape } from './shape.ts';

/**
 * `env`: variables of this start beside the e2e defaults (world.ts), e.g. RADIAN_CHECK_MAX_INTERVAL_MS; `prepare`
 * runs on the data folder before the start, after the extra tenants are registered (a portal account, say).
 */
export async function startEmbeddedShape(
  options: { env?: Record<string, string>; prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<Shape> {
  let extra: ExtraTenants | undefined;
  let today: string | undefined; // RADIAN's "today", moved with the simulator's
  const prepare = async (dir: string) => {
    extra = await registerExtraTenants(dir);
    await options.prepare?.(dir);
  };
  const world = await startWorld(options.env ?? {}, prepare, {
    radianToday: () => today ?? colombiaDateTime(new Date()).date,
  });
  const scratchDir = join(world.dataDir, 'scratch');
  mkdirSync(scratchDir, { recursive: true, mode: 0o700 });
  const simulator = world.embedded.simulator!;
  return {
    name: 'embedded',
    files: 'service',
    url: world.url,
    apiKey: world.apiKey,
    extra: extra!,
    scratchDir,
    post: world.post,
    get: world.get,
    ingressLogs: () => world.logs,
    ingressInstances: () => 1,
    allLogs: () => world.logs,
    trustedCaPems: (tenantId) => world.embedded.tenants.trustedCaPems(tenantId),
    setTacitAcceptance: (tenantId, setting) =>
      world.embedded.tenants.updateTenant(tenantId, { tacitAcceptance: setting }),
    setContingency: (tenantId, setting) => world.embedded.tenants.updateTenant(tenantId, { contingency: setting }),
    outboxDir: join(world.dataDir, 'outbox'),
    storedFile: async (key) => readFileSync(join(world.dataDir, 'files', key)),
    dian: {
      setFault: (spec) => simulator.setGlobalFault(parseFault(spec)),
      timesReceived: (cufe) => simulator.timesReceived(cufe),
      async playBuyer(cufe, request) {
        const outcome = await simulator.playBuyer(cufe, request);
        return outcome.ok
          ? { ok: true, id: outcome.id, cude: outcome.cude, statusCode: outcome.response.statusCode }
          : { ok: false, code: outcome.code, message: outcome.message };
      },
      async setToday(date) {
        await simulator.setToday(date);
        today = date;
      },
    },
    projectionDiff: (withinMs = 10_000) => settledDiff(world.embedded.eventStore, world.embedded.statusStore, withinMs),
    invoiceEvents: () => invoiceEventsOf(world.embedded.eventStore),
    eventStore: world.embedded.eventStore,
    close: () => world.close(),
  };
}
