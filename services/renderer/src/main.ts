// The renderer as its own process: the only file of this service that reads process.env and builds
// adapters (docs/service.md, "One process per service").
import { runMain } from '@fe/service-runtime';
import { openPlatform } from '@fe/service-runtime/distributed';
import { PostgresSoftwareProviders } from '@fe/tenancy/postgres';
import { rendererProcessConfigFromEnv } from './process-config.ts';
import { createRendererPool, createRendererService } from './service-entry.ts';

await runMain({
  name: 'renderer',
  env: process.env,
  config: rendererProcessConfigFromEnv,
  async build(config, logger, clock) {
    const platform = await openPlatform({ service: 'renderer', config, logger, clock, s3: config });
    const pool = createRendererPool({ size: config.poolSize });
    const renderer = createRendererService(
      {
        store: platform.store,
        bus: platform.bus,
        blobs: platform.blobs!,
        renderer: pool,
        clock,
        logger,
        // the provider's name for the PDF, from the registration's public part: no master key here
        tenants: new PostgresSoftwareProviders(platform.pool),
      },
      config,
    );
    return {
      modules: [renderer],
      checks: platform.checks,
      close: async () => {
        await pool.close();
        await platform.close();
      },
    };
  },
});
