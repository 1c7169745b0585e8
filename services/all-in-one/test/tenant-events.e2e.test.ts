import { join } from 'node:path';
import { topics, type TenantChangedV1 } from '@fe/contracts';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { SqliteEventStore, type DeliveredMessage } from '@fe/platform';
import { createTenantCommands, loadOrCreateMasterKey, SqliteTenantDirectory } from '@fe/tenancy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../test-support/world.ts';

// Tenant audit events reach fe.tenant.events.v1 on the running service's bus, whichever process
// recorded them: here a second connection to the data folder's files, as `pnpm fe tenant` opens them.
describe('tenant events on the bus', () => {
  let world: World;
  const heard: DeliveredMessage[] = [];
  beforeAll(async () => {
    world = await startWorld();
    await world.embedded.bus.subscribe({
      topic: topics.tenantEvents.name,
      group: 'test.tenant-events',
      handler: async (message) => void heard.push(message),
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('publishes each change made through the tenant commands as TenantChanged, keyed by tenant', async () => {
    const registry = new SqliteTenantDirectory({
      path: join(world.dataDir, 'tenants.sqlite'),
      masterKey: loadOrCreateMasterKey(join(world.dataDir, 'master.key')),
    });
    const events = new SqliteEventStore(join(world.dataDir, 'events.sqlite'));
    try {
      const commands = createTenantCommands({ registry, events, clock: { now: () => new Date() } });
      await commands.createTenant(
        {
          tenant: { ...demoTenant, id: 'acme' },
          environment: '2',
          software: demoSoftware,
          resolutions: [demoResolution],
        },
        'cli',
      );
      await commands.issueApiKey('acme', 'cli');
      const deadline = Date.now() + 10_000;
      while (heard.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await registry.close();
      await events.close();
    }
    expect(
      heard.map((m) => [m.key, (m.value as TenantChangedV1).type, (m.value as TenantChangedV1).data.change]),
    ).toEqual([
      ['acme', 'TenantChanged', 'TenantCreated'],
      ['acme', 'TenantChanged', 'ApiKeyIssued'],
    ]);
  });
});
