// The relay as its own process (docs/service.md): the event store on PostgreSQL → Kafka. Run two
// for availability: the PostgreSQL lease keeps one publishing, the transactional id fences the other.
import { PostgresCheckpointStore, PostgresLeaseStore } from '@fe/platform-postgres';
import { runMain } from '@fe/service-runtime';
import { openPlatform } from '@fe/service-runtime/distributed';
import { relayProcessConfigFromEnv } from './process-config.ts';
import { createRelayService } from './relay-service.ts';

await runMain({
  name: 'relay', env: process.env, config: relayProcessConfigFromEnv,
  async build(config, logger, clock) {
    const platform = await openPlatform({ service: 'relay', config, logger, clock, transactionalId: config.name, redrive: false });
    const relay = createRelayService({
      store: platform.store, bus: platform.bus, checkpoints: new PostgresCheckpointStore(platform.pool),
      leases: new PostgresLeaseStore({ connectionString: config.postgresUrl, schema: config.postgresSchema, logger }), logger,
    }, config);
    return { modules: [relay], checks: platform.checks, close: () => platform.close() };
  },
});
