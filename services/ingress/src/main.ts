// The ingress as its own process (docs/service.md, "One process per service"): the HTTP API on the
// distributed platform, the status routes (@fe/invoice-status) read from the views the projection
// writes. Run as many instances as needed: each answers its own requests.
// The admin portal is a process of its own (services/portal/src/main.ts).
import { readFileSync } from 'node:fs';
import { createDianOutageMonitor } from '@fe/dian-client';
import { createImapMailboxReader, imapSettings } from '@fe/mail';
import type { ServiceModule } from '@fe/platform';
import {
  openPostgresBuyerSide,
  receivedInvoiceIndexMigrations,
  receptionMailboxMigrations,
} from '@fe/received-invoices/postgres';
import { createSecretBox, loadOrCreateMasterKey } from '@fe/tenancy';
import { invoiceEventsRoutes, statusRoutes } from '@fe/invoice-status';
import { PostgresStatusStore, statusStoreMigrations } from '@fe/invoice-status/postgres';
import { runMain } from '@fe/service-runtime';
import { openPlatform } from '@fe/service-runtime/distributed';
import { idempotencyStoreMigrations, PostgresIdempotencyStore } from './adapters/postgres/index.ts';
import {
  answerWithLinks,
  createBusInvoiceOutcomes,
  createHttpApp,
  createInboxPoller,
  docsRoutes,
  highestUsedInStore,
  notifyBuyerRoute,
  tenantReadinessRoute,
  radianEventRoutes,
  NumberAllocator,
  postInvoiceRoute,
  postNoteRoutes,
  receivedInvoiceRoutes,
  receptionMailboxRoute,
} from './index.ts';
import { ingressProcessConfigFromEnv } from './process-config.ts';

await runMain({
  name: 'ingress',
  env: process.env,
  config: ingressProcessConfigFromEnv,
  async build(config, logger, clock) {
    // Consumes nothing but its own outcome watch: dead letters are the consumers' to re-drive.
    const platform = await openPlatform({
      service: 'ingress',
      config,
      logger,
      clock,
      s3: config,
      masterKeyFile: config.masterKeyFile,
      redrive: false,
      // The status views too: the ingress reads them and may start before any projection process
      // (the migrator's advisory lock lets both run the same migrations at once).
      migrations: [
        idempotencyStoreMigrations(),
        statusStoreMigrations(),
        receivedInvoiceIndexMigrations(),
        receptionMailboxMigrations(),
      ],
    });
    const { store, bus, blobs, tenants } = platform;
    const idempotency = new PostgresIdempotencyStore(platform.pool);
    // The projection's views, read only (the projection process writes them).
    const statusStore = new PostgresStatusStore(platform.pool);
    const ingress = config.ingress;
    // Subscribed before the port opens (its group starts at the topic's end); stopped after the port closes.
    const outcomes = createBusInvoiceOutcomes({ bus, store, logger: logger.child({ component: 'outcomes' }) });
    const dianAvailability = createDianOutageMonitor(config.dian, config.dianAvailability, (endpoint, down) =>
      logger[down ? 'warn' : 'info']({ endpoint, down }, down ? 'DIAN is down: contingency' : 'DIAN answers again'),
    );
    const documentPorts = {
      store,
      tenants: tenants!,
      idempotency,
      clock,
      config: ingress,
      outcomes,
      allocator: new NumberAllocator(store, highestUsedInStore(store), {
        explicitNumberWindow: ingress.explicitNumberWindow,
      }),
      answer: answerWithLinks(blobs!, ingress.linkTtlSeconds),
      dianAvailability,
    };
    // The buyer's side (docs/radian.md): received invoices checked on a worker thread, listed in PostgreSQL; the
    // tenants' own mailboxes, their passwords sealed under the master key the tenants' secrets use.
    const inbox = config.inbox;
    const buyerSide = openPostgresBuyerSide({
      pool: platform.pool,
      store,
      blobs: blobs!,
      clock,
      trustedDianPem: inbox.dianTrustedPemFile ? readFileSync(inbox.dianTrustedPemFile, 'utf8') : undefined,
      secretBox: config.masterKeyFile ? createSecretBox(loadOrCreateMasterKey(config.masterKeyFile)) : undefined,
    });
    const { received, mailboxes: mailboxStore, ports: receivedPorts } = buyerSide;
    const mailboxes =
      inbox.url && inbox.tenant
        ? [
            {
              tenantId: inbox.tenant,
              reader: createImapMailboxReader(imapSettings({ ...inbox, url: inbox.url }), {
                logger: logger.child({ component: 'inbox' }),
              }),
            },
          ]
        : [];
    const poller = createInboxPoller({
      ...receivedPorts,
      mailboxes,
      registered: mailboxStore,
      tenants: tenants!,
      logger: logger.child({ component: 'inbox' }),
      intervalMs: inbox.pollIntervalMs,
    });
    const app = createHttpApp({
      logger,
      tenants: tenants!,
      config: ingress,
      routes: [
        postInvoiceRoute(documentPorts),
        // Two ingress processes may take notes on one invoice at once: its stream arbitrates (docs/notes.md,
        // "Concurrency").
        postNoteRoutes({ ...documentPorts, invoices: statusStore }),
        notifyBuyerRoute({ store, invoices: statusStore, clock }),
        receivedInvoiceRoutes({ received, tenants: tenants! }),
        ...(mailboxStore ? [receptionMailboxRoute({ mailboxes: mailboxStore, clock })] : []),
        // The tenant's readiness and its certificate's days left (docs/api.md, "Tenant readiness").
        tenantReadinessRoute({
          tenants: tenants!,
          clock,
          contingency: { invoices: statusStore, store, alarmHours: ingress.contingencyAlarmHours },
        }),
        // The seller's 034, 036, 037: recorded here, sent by a submitter process, answered through the outcomes.
        radianEventRoutes({
          store,
          clock,
          invoices: statusStore,
          waitFor: (invoiceId, until, timeoutMs) => outcomes.waitFor(invoiceId, until, timeoutMs),
          waitMs: ingress.waitBudgetMs,
          retryAfterSeconds: ingress.retryAfterSeconds,
        }),
        async (scope) =>
          void (await scope.register(statusRoutes, {
            store: statusStore,
            blobs: blobs!,
            linkTtlSeconds: ingress.linkTtlSeconds,
          })),
        async (scope) =>
          void (await scope.register(invoiceEventsRoutes, { statuses: statusStore, events: store, blobs: blobs! })),
        // No portal in this process (it runs as its own): `/` is a page of links.
        docsRoutes(),
      ],
    });
    // Keys are kept FE_IDEMPOTENCY_TTL_HOURS, then purged hourly (any instance may purge: it is one DELETE).
    let purge: NodeJS.Timeout | undefined;
    const http: ServiceModule = {
      name: 'ingress-http',
      async start() {
        await app.listen({ host: config.host, port: config.port });
        const address = app.server.address();
        logger.info(
          { url: `http://${config.host}:${typeof address === 'object' && address ? address.port : config.port}` },
          'ingress listening',
        );
        const ttlMs = ingress.idempotencyTtlHours * 3600_000;
        purge = setInterval(
          () => void idempotency.purgeCreatedBefore(new Date(clock.now().getTime() - ttlMs)).catch(() => undefined),
          3600_000,
        );
        purge.unref();
      },
      async stop() {
        clearInterval(purge);
        await app.close(); // finishes the requests in flight, including their waits
      },
    };
    return {
      modules: [
        outcomes,
        poller,
        http,
        { name: 'dian-availability', start: async () => dianAvailability.start(), stop: () => dianAvailability.stop() },
      ],
      checks: platform.checks,
      close: async () => {
        await buyerSide.close();
        await idempotency.close();
        await statusStore.close();
        await platform.close();
      },
    };
  },
});
