// The embedded default as a Shape (shape.ts): the whole service in the test process (world.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseFault } from '@fe/dian-simulator';
import { registerExtraTenants, type ExtraTenants } from '../extra-tenants.ts';
import { startWorld } from '../world.ts';
import { invoiceEventsOf, settledDiff, type Shape } from './shape.ts';

export async function startEmbeddedShape(): Promise<Shape> {
  let extra: ExtraTenants | undefined;
  const world = await startWorld({}, async (dir) => void (extra = await registerExtraTenants(dir)));
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
    allLogs: () => world.logs,
    trustedCaPems: (tenantId) => world.embedded.tenants.trustedCaPems(tenantId),
    dian: {
      setFault: (spec) => simulator.setGlobalFault(parseFault(spec)),
      timesReceived: (cufe) => simulator.timesReceived(cufe),
    },
    projectionDiff: (withinMs = 10_000) => settledDiff(world.embedded.eventStore, world.embedded.statusStore, withinMs),
    invoiceEvents: () => invoiceEventsOf(world.embedded.eventStore),
    eventStore: world.embedded.eventStore,
    close: () => world.close(),
  };
}
