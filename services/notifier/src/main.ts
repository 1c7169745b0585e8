// The notifier as its own process (docs/service.md, "One process per service"): buyers' mails on the
// distributed platform, their reception addresses asked of DIAN's GetAcquirer.
import { createOutboxTransport, createSmtpTransport, smtpSettings } from '@fe/mail';
import { fileCounterMigrations, PostgresFileCounter } from '@fe/dian-client/postgres';
import { runMain } from '@fe/service-runtime';
import { openPlatform } from '@fe/service-runtime/distributed';
import { dianAcquirers } from './dian-acquirers.ts';
import { createNotifierService } from './index.ts';
import { notifierProcessConfigFromEnv } from './process-config.ts';

await runMain({
  name: 'notifier',
  env: process.env,
  config: notifierProcessConfigFromEnv,
  async build(config, logger, clock) {
    const platform = await openPlatform({
      service: 'notifier',
      config,
      logger,
      clock,
      s3: config,
      masterKeyFile: config.masterKeyFile,
      migrations: [fileCounterMigrations()],
    });
    // Shared with the submitter: one counter per issuer across every process (docs/choices.md, "File names").
    const fileCounter = new PostgresFileCounter(platform.pool);
    const transport = config.url
      ? createSmtpTransport(smtpSettings({ ...config, url: config.url }))
      : createOutboxTransport(config.outboxDir);
    logger.info(
      { transport: transport.kind, destination: transport.destination },
      'mails to buyers leave through this transport',
    );
    const notifier = createNotifierService(
      {
        store: platform.store,
        bus: platform.bus,
        blobs: platform.blobs!,
        tenants: platform.tenants!,
        transport,
        fileCounter,
        clock,
        logger,
        acquirers: dianAcquirers({
          tenants: platform.tenants!,
          endpoints: config.dian.endpoints,
          now: () => clock.now(),
        }),
      },
      config,
    );
    return {
      modules: [notifier],
      checks: platform.checks,
      close: async () => {
        await transport.close();
        await fileCounter.close();
        await platform.close();
      },
    };
  },
});
