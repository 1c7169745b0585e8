// The submitter as its own process, as many instances as needed: the schedule and the per-tenant
// cap on DIAN calls live in PostgreSQL, so they hold across instances (docs/service.md).
import { createPostgresPool } from '@fe/platform-postgres';
import { fileCounterMigrations, PostgresFileCounter } from '@fe/dian-client/postgres';
import { runMain } from '@fe/service-runtime';
import { openPlatform } from '@fe/service-runtime/distributed';
import { testSetLookup } from '@fe/tenancy';
import {
  PostgresEventCheckSchedule,
  PostgresSubmissionSchedule,
  PostgresTenantSlots,
  submissionScheduleMigrations,
} from './adapters/postgres/index.ts';
import { createSubmitterService } from './index.ts';
import { submitterProcessConfigFromEnv } from './process-config.ts';

await runMain({
  name: 'submitter',
  env: process.env,
  config: submitterProcessConfigFromEnv,
  async build(config, logger, clock) {
    const platform = await openPlatform({
      service: 'submitter',
      config,
      logger,
      clock,
      s3: config,
      masterKeyFile: config.masterKeyFile,
      migrations: [submissionScheduleMigrations(), fileCounterMigrations()],
    });
    // Its own pool: a held slot keeps a connection for the whole DIAN call.
    const slotPool = createPostgresPool({
      connectionString: config.postgresUrl,
      schema: config.postgresSchema,
      max: config.slotConnections,
    });
    const schedule = new PostgresSubmissionSchedule(platform.pool);
    const eventChecks = new PostgresEventCheckSchedule(platform.pool);
    // Shared with the notifier: one counter per issuer across every process (docs/choices.md, "File names").
    const fileCounter = new PostgresFileCounter(platform.pool);
    const slots = new PostgresTenantSlots({
      pool: slotPool,
      cap: config.submitter.concurrencyPerTenant,
      schema: config.postgresSchema,
    });
    const submitter = createSubmitterService(
      {
        store: platform.store,
        bus: platform.bus,
        blobs: platform.blobs!,
        tenants: platform.tenants!,
        clock,
        logger,
        schedule,
        eventChecks,
        fileCounter,
        slots,
        // The portal process's habilitación run, read from the registry: its documents go with SendTestSetAsync and the
        // TestSetId.
        testSetFor: testSetLookup(platform.tenants!),
      },
      config.submitter,
    );
    return {
      modules: [submitter],
      checks: platform.checks,
      close: async () => {
        await schedule.close();
        await eventChecks.close();
        await fileCounter.close();
        await slotPool.end();
        await platform.close();
      },
    };
  },
});
