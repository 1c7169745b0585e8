// The status projection as its own process: consumes every invoice event into the status views on
// PostgreSQL (docs/service.md, "One process per service").
import { runMain } from '@fe/service-runtime';
import { openPlatform } from '@fe/service-runtime/distributed';
import { PostgresStatusStore, statusStoreMigrations } from '@fe/invoice-status/postgres';
import { createStatusProjection } from './index.ts';
import { projectionProcessConfigFromEnv } from './process-config.ts';

await runMain({
  name: 'projection',
  env: process.env,
  config: projectionProcessConfigFromEnv,
  async build(config, logger, clock) {
    const platform = await openPlatform({
      service: 'projection',
      config,
      logger,
      clock,
      migrations: [statusStoreMigrations()],
    });
    const statusStore = new PostgresStatusStore(platform.pool);
    const projection = createStatusProjection({ bus: platform.bus, store: statusStore, logger });
    return {
      modules: [projection],
      checks: platform.checks,
      close: async () => {
        await statusStore.close();
        await platform.close();
      },
    };
  },
});
