// The renderer as its own process: the only file of this service that reads process.env and builds
// adapters (docs/service.md, "One process per service").
import { runMain } from '@fe/service-runtime';
import { openPlatform } from '@fe/service-runtime/distributed';
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
      { store: platform.store, bus: platform.bus, blobs: platform.blobs!, renderer: pool, clock, logger },
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
