// The admin portal as its own process (docs/portal.md, "In the distributed shape"): /admin on its own
// port, over the same PostgreSQL stores as the ingress (accounts, tenants, the status views) and
// S3 links for the invoice list. It reads the projection's views (@fe/invoice-status), a tenant's received invoices
// from their streams (@fe/received-invoices), and issues the habilitación set through an ingress's HTTP API.
import { limitConnectionsPerAddress, type ServiceModule } from '@fe/platform';
import { createOutboxTransport, createSmtpTransport, smtpSettings } from '@fe/mail';
import { polledViews } from '@fe/invoice-status';
import { PostgresStatusStore, statusStoreMigrations } from '@fe/invoice-status/postgres';
import { colombiaDateTime } from '@fe/dian-domain';
import { runMain } from '@fe/service-runtime';
import { traceHttpRoutes } from '@fe/telemetry';
import { openPlatform } from '@fe/service-runtime/distributed';
import {
  openPostgresBuyerSide,
  receivedInvoiceIndexMigrations,
  receptionMailboxMigrations,
} from '@fe/received-invoices/postgres';
import { createSecretBox, createTenantCommands, loadOrCreateMasterKey } from '@fe/tenancy';
import fastify from 'fastify';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { statusInvoiceList } from './adapters/invoice-list.ts';
import { contingencyQueueThrough } from './adapters/contingency-queue.ts';
import { dianNumberingRanges } from './adapters/numbering-ranges.ts';
import {
  accountStoreMigrations,
  PostgresAccountStore,
  PostgresAttemptStore,
  PostgresExpiryWarningStore,
} from './adapters/postgres/index.ts';
import { createPipelineTestSetRunner } from './adapters/test-set-runner.ts';
import { issueOverHttp } from './adapters/issue-through-api.ts';
import { createPortal, radianEventsThrough, TransportMailSender } from './index.ts';
import { portalProcessConfigFromEnv } from './process-config.ts';

await runMain({
  name: 'portal',
  env: process.env,
  config: portalProcessConfigFromEnv,
  async build(config, logger, clock) {
    // Consumes nothing; its audit events go to the event store, which the relay publishes.
    const platform = await openPlatform({
      service: 'portal',
      config,
      logger,
      clock,
      s3: config,
      masterKeyFile: config.masterKeyFile,
      redrive: false,
      // The views it reads too: it may start before any projection process (the migrator's advisory lock lets both run
      // them).
      migrations: [
        statusStoreMigrations(),
        accountStoreMigrations(),
        receivedInvoiceIndexMigrations(),
        receptionMailboxMigrations(),
      ],
    });
    const { store, blobs, tenants } = platform;
    const statusStore = new PostgresStatusStore(platform.pool); // read only: the projection process writes it
    const accounts = new PostgresAccountStore(platform.pool);
    // shared: the lockout and post limits hold across portal instances
    const attempts = new PostgresAttemptStore(platform.pool);
    // shared: one instance mails each certificate expiry warning
    const expiryWarnings = new PostgresExpiryWarningStore(platform.pool);
    const commands = createTenantCommands({ registry: tenants!, events: store, clock });
    // "Facturas recibidas" as the ingress serves them (docs/radian.md): the same streams, list and mailboxes in
    // PostgreSQL; an upload is checked on this process's thread, an event request appended for a submitter process.
    const buyerSide = openPostgresBuyerSide({
      pool: platform.pool,
      store,
      blobs: blobs!,
      clock,
      trustedDianPem: config.dianTrustedPemFile ? readFileSync(config.dianTrustedPemFile, 'utf8') : undefined,
      secretBox: createSecretBox(loadOrCreateMasterKey(config.masterKeyFile)),
    });
    // Confirmation and reset mails leave as the buyers' do: FE_SMTP_URL, or the outbox folder without one.
    const transport = config.url
      ? createSmtpTransport(smtpSettings({ ...config, url: config.url }))
      : createOutboxTransport(config.portalOutboxDir);
    logger.info(
      { transport: transport.kind, destination: transport.destination },
      "the portal's mails leave through this transport",
    );
    const issue = issueOverHttp(config.apiUrl); // the habilitación run and the paper invoice form, through the API
    const portal = createPortal({
      accounts,
      attempts,
      expiryWarnings,
      registry: tenants!,
      commands,
      invoices: statusInvoiceList(statusStore, blobs!),
      issue,
      // the banner and mail of untransmitted contingency invoices, as the ingress's readiness check reads them
      contingency: contingencyQueueThrough({ invoices: statusStore, store }, config.contingencyAlarmHours),
      // GetNumberingRange at the submitter's DIAN endpoints (the same variables), for the onboarding's "Consultar en la
      // DIAN".
      numberingRanges: dianNumberingRanges({
        registry: tenants!,
        endpoints: () => config.dian.endpoints,
        now: () => clock.now(),
        ...(config.dian.client.caFile ? { ca: readFileSync(config.dian.client.caFile, 'utf8') } : {}),
      }),
      testSets: createPipelineTestSetRunner({
        issue,
        registry: tenants!,
        commands,
        statusStore,
        logger,
        now: () => clock.now(),
        documents: config.portal.testSetDocuments,
        timeoutMs: 5 * 60_000,
      }),
      mail: new TransportMailSender(transport, config.portal.mailFrom, () => clock.now()),
      receivedInvoices: buyerSide.received,
      ...(buyerSide.mailboxes ? { receptionMailboxes: buyerSide.mailboxes } : {}),
      // The invoice page's RADIAN buttons: the request on the invoice's stream, a submitter process sends the event;
      // this process has no bus subscription, so it reads the stream for the answer.
      radianEvents: radianEventsThrough({
        store,
        clock,
        waitFor: polledViews(store),
        today: () => colombiaDateTime(clock.now()).date,
        waitMs: 10_000,
      }),
      clock,
      logger,
      config: config.portal,
      // Keyed from the shared master key (openPlatform checked the file exists): a form one portal instance made posts
      // to another.
      csrfKey: createHmac('sha256', loadOrCreateMasterKey(config.masterKeyFile))
        .update('fe admin portal csrf key')
        .digest(),
      baseUrl: config.baseUrl ?? `http://${config.host}:${config.port}`,
    });
    // The portal sets its own error pages and headers; slow clients are cut off as the ingress's Node server does:
    // headers within 10 s even when trickled (Node checks each second), and no address holds every connection.
    const app = fastify({
      logger: false,
      requestTimeout: 60_000,
      connectionTimeout: 120_000,
      http: { requestTimeout: 60_000, headersTimeout: 10_000, connectionsCheckingInterval: 1000 },
    });
    app.server.maxConnections = 1024;
    // Before the portal's hooks: a request it refuses (a login page instead) still leaves a SERVER span.
    traceHttpRoutes(app, 'fe.portal');
    limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, (network) =>
      logger.warn({ network, limit: config.maxConnectionsPerAddress }, 'client address at its connection limit'),
    );
    await app.register(portal, { prefix: '/admin' });
    app.get('/', async (_request, reply) => reply.redirect('/admin', 303));
    const http: ServiceModule = {
      name: 'portal-http',
      async start() {
        await app.listen({ host: config.host, port: config.port });
        const address = app.server.address();
        logger.info(
          { url: `http://${config.host}:${typeof address === 'object' && address ? address.port : config.port}/admin` },
          'portal listening',
        );
      },
      async stop() {
        await app.close(); // finishes the requests in flight
      },
    };
    return {
      modules: [http],
      checks: platform.checks,
      close: async () => {
        await transport.close();
        await buyerSide.close();
        await accounts.close();
        await attempts.close();
        await expiryWarnings.close();
        await statusStore.close();
        await platform.close();
      },
    };
  },
});
