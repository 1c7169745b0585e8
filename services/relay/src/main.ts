// The relay as its own process (docs/service.md): the event store (FE_EVENT_STORE) → Kafka. Run two
// for availability: the PostgreSQL lease keeps one publishing, the transactional id fences the other.
import { readAuditKey, startCheckpointer, type Checkpointer, type ServiceModule } from '@fe/platform';
import {
  listenForAppends,
  PostgresAuditCheckpointStore,
  PostgresCheckpointStore,
  PostgresLeaseStore,
} from '@fe/platform-postgres';
import { runMain } from '@fe/service-runtime';
import { tracingPublishes } from '@fe/telemetry';
import { openPlatform } from '@fe/service-runtime/distributed';
import { relayProcessConfigFromEnv } from './process-config.ts';
import { createRelayService } from './relay-service.ts';

await runMain({
  name: 'relay',
  env: process.env,
  config: relayProcessConfigFromEnv,
  async build(config, logger, clock) {
    const platform = await openPlatform({
      service: 'relay',
      config,
      logger,
      clock,
      transactionalId: config.name,
      redrive: false,
    });
    const relay = createRelayService(
      {
        store: platform.store,
        // A PRODUCER span per batch in each of its events' traces (docs/observability.md).
        bus: tracingPublishes(platform.bus, 'fe.relay'),
        checkpoints: new PostgresCheckpointStore(platform.pool),
        leases: new PostgresLeaseStore({ connectionString: config.postgresUrl, schema: config.postgresSchema, logger }),
        logger,
        appends: (onAppend) =>
          listenForAppends({ connectionString: config.postgresUrl, schema: config.postgresSchema, onAppend, logger }),
      },
      config,
    );
    // The store's head signed at intervals (docs/audit.md, "Tamper evidence"), by every relay
    // instance: a second signer only adds checkpoints, each one true of the store it read.
    const modules: ServiceModule[] = [relay];
    if (config.auditKeyFile) {
      const key = readAuditKey(config.auditKeyFile);
      let checkpointer: Checkpointer | undefined;
      modules.push({
        name: 'audit-checkpoints',
        async start() {
          checkpointer = startCheckpointer({
            store: platform.store,
            checkpoints: new PostgresAuditCheckpointStore(platform.pool),
            key,
            clock,
            logger: logger.child({ component: 'audit' }),
            intervalMs: config.auditCheckpointIntervalMs,
          });
        },
        async stop() {
          await checkpointer?.stop();
        },
      });
    } else
      logger.warn(
        { variable: 'FE_AUDIT_KEY_FILE' },
        'FE_AUDIT_KEY_FILE is not set: the event store\'s checkpoints are not signed (docs/platform.md, "Tamper evidence")',
      );
    return { modules, checks: platform.checks, close: () => platform.close() };
  },
});
