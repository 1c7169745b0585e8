// The signer as its own process: the only file of this service that reads process.env and builds
// adapters (docs/architecture.md, "Ports, adapters, composition roots"; docs/service.md).
import { runMain } from '@fe/service-runtime';
import { openPlatform } from '@fe/service-runtime/distributed';
import { createSignerPool, createSignerService } from './index.ts';
import { signerProcessConfigFromEnv } from './process-config.ts';

await runMain({
  name: 'signer',
  env: process.env,
  config: signerProcessConfigFromEnv,
  async build(config, logger, clock) {
    const platform = await openPlatform({
      service: 'signer',
      config,
      logger,
      clock,
      s3: config,
      masterKeyFile: config.masterKeyFile,
    });
    const pool = createSignerPool(config.poolSize === undefined ? {} : { size: config.poolSize });
    const signer = createSignerService(
      {
        store: platform.store,
        bus: platform.bus,
        blobs: platform.blobs!,
        tenants: platform.tenants!,
        signer: pool,
        clock,
        logger,
      },
      config,
    );
    return {
      modules: [signer],
      checks: platform.checks,
      close: async () => {
        await pool.close();
        await platform.close();
      },
    };
  },
});
