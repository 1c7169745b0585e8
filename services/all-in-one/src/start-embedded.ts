import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { topics } from '@fe/contracts';
import { colombiaDateTime } from '@fe/dian-domain';
import { createDianOutageMonitor, dianAvailabilityConfigSchema, ThreadedSqliteFileCounter } from '@fe/dian-client';
import {
  parseFault,
  seedTrustFolder,
  simulatorConfig,
  startDianSimulatorThread,
  STORED_IDENTITY_FILE,
  TRUST_FOLDER,
  type DianSimulatorThread,
  loadOrCreateSimulatorIdentity,
} from '@fe/dian-simulator/thread';
import {
  answerWithLinks,
  createHttpApp,
  docsRoutes,
  filesRoute,
  highestUsedInStore,
  notifyBuyerRoute,
  tenantReadinessRoute,
  NumberAllocator,
  postInvoiceRoute,
  postNoteRoutes,
  ThreadedSqliteIdempotencyStore,
  radianEventRoutes,
} from '@fe/ingress';
import {
  AppendFeed,
  FilesystemBlobStore,
  routeByEventType,
  InProcessEventBus,
  configFromEnv,
  loadOrCreateAuditKey,
  OWNER_ONLY_DIR,
  SqliteAuditCheckpointStore,
  startCheckpointer,
  prepareDataFolder,
  recordingHalts,
  SignedLinks,
  SqliteCheckpointStore,
  SqliteDeadLetterStore,
  startDeadLetterRedriver,
  startRelay,
  ThreadedSqliteEventStore,
  withStreamCache,
  type Clock,
  type EventBus,
  type EventStore,
  type Logger,
  type ServiceModule,
} from '@fe/platform';
import { SharedThread } from '@fe/platform/threads';
import { createStatusProjection, rebuildStatusViews } from '@fe/projection';
import { invoiceEventsRoutes, SqliteStatusStore, statusRoutes, type StatusStore } from '@fe/invoice-status';
import { createOutboxTransport, createSmtpTransport, smtpSettings, type MailTransport } from '@fe/mail';
import { createNotifierService, notifierConfigFromEnv, dianAcquirers } from '@fe/notifier';
import { createRendererPool, createRendererService } from '@fe/renderer/service';
import { createSignerPool, createSignerService, signerConfigFromEnv } from '@fe/signer';
import {
  createSubmitterService,
  SqliteEventCheckSchedule,
  SqliteSubmissionSchedule,
  submitterConfigFromEnv,
} from '@fe/submitter';
import { redriveThrough } from './redrive-through.ts';
import { buyerSide } from './buyer-side.ts';
import {
  countingDeadLetters,
  startTelemetry,
  telemetryConfigFromEnv,
  tracingEventBus,
  tracingEventStore,
} from '@fe/telemetry';
import {
  createTenantCommands,
  ensureDemoTenant,
  LOCAL_TEST_CA_FILE,
  loadOrCreateLocalTestCa,
  loadOrCreateMasterKey,
  SqliteTenantDirectory,
  testSetLookup,
  type LocalTestCa,
} from '@fe/tenancy';
import {
  createPortal,
  SqliteAccountStore,
  SqliteAttemptStore,
  SqliteExpiryWarningStore,
  TransportMailSender,
  createPipelineTestSetRunner,
  dianNumberingRanges,
  contingencyQueueThrough,
  issueByInject,
  localTestCertificates,
  radianEventsThrough,
  statusInvoiceList,
} from '@fe/portal';
import { startHealthServer } from '@fe/service-runtime';
import { revocationCheckerFromEnv } from '@fe/xades';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedConfig } from './config.ts';
import { notifyingEventStore } from './notifying-event-store.ts';
import type { TenantRegistryFiles } from './simulator/simulator-thread-entry.ts';

const SIMULATOR_ENTRY = new URL('./simulator/simulator-thread-entry.ts', import.meta.url);

export type Embedded = {
  url: string;
  /** `/healthz` on a listener of its own (FE_HEALTH_PORT): it answers while the API's connections are all taken. */
  healthUrl: string;
  app: FastifyInstance;
  /**
   * `issuedApiKey`: the demo tenant's key when this start issued it (then printed once); later starts leave it sealed
   * in `tenants`.
   */
  demo: { created: boolean; issuedApiKey: string | undefined };
  /** The built-in DIAN simulator, on its own thread (absent when FE_DIAN_ENDPOINT names a real one). */
  simulator: DianSimulatorThread | undefined;
  tenants: SqliteTenantDirectory;
  eventStore: EventStore;
  statusStore: StatusStore;
  /** Where the buyers' mails go: an SMTP server, or the outbox folder when none is configured. */
  mail: { kind: MailTransport['kind']; destination: string };
  /** The in-process bus: what a subscriber in this process (a test, an add-on) hears. */
  bus: EventBus;
  close(): Promise<void>;
};

/**
 * Every service in one process (docs/architecture.md, "Deployment shapes"). Consumers subscribe before the relay
 * republishes what a previous run left unsettled, and the HTTP port opens last.
 */
export type EmbeddedOptions = {
  /**
   * Today's Colombian date for RADIAN's deadlines (the submitter's and the status's); default: the clock's. The
   * end-to-end tests move it with the built-in simulator's "today" (test-support/shapes/embedded-shape.ts).
   */
  radianToday?: () => string;
};

export async function startEmbedded(
  config: EmbeddedConfig,
  env: Readonly<Record<string, string | undefined>>,
  logger: Logger,
  clock: Clock,
  options: EmbeddedOptions = {},
): Promise<Embedded> {
  const dir = config.dataDir;
  // Owner-only before anything is opened in it (DATA_FOLDER_UNSAFE / DATA_FOLDER_NOT_OWNED refuse
  // the start); every store below creates its files 0600 and its folders 0700.
  prepareDataFolder(dir);
  mkdirSync(join(dir, 'files'), { recursive: true, mode: OWNER_ONLY_DIR });
  const stateDb = join(dir, 'state.sqlite');
  const closers: (() => Promise<void> | void)[] = [];
  try {
    // First opened, last closed: its shutdown exports the spans of everything that stops before it.
    // Off (and the SDK never loaded) unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/observability.md).
    const telemetry = await startTelemetry(telemetryConfigFromEnv(env, 'fe-all-in-one'));
    closers.push(() => telemetry.shutdown());
    // Its own port, as each distributed process has: no client of the API can take its connections.
    const ready: { checks: { name: string; check: () => Promise<void> }[] } = { checks: [] };
    const health = await startHealthServer({
      host: config.healthHost,
      port: config.healthPort,
      checks: () => ready.checks,
      timeoutMs: 2000,
    });
    closers.push(() => health.close());
    const masterKey = loadOrCreateMasterKey(join(dir, 'master.key'));
    const tenants = new SqliteTenantDirectory({
      path: join(dir, 'tenants.sqlite'),
      masterKey,
      now: () => clock.now(),
      revocation: revocationCheckerFromEnv(env),
    });
    closers.push(() => tenants.close());
    const demo = await ensureDemoTenant(tenants, { now: clock.now() });

    let simulator: DianSimulatorThread | undefined;
    // Issues test certificates for any tenant's NIT; only the built-in simulator trusts it.
    let testCa: LocalTestCa | undefined;
    // The certificates DIAN's answers must chain to: the built-in simulator's own, else DIAN_TRUSTED_PEM's (the
    // submitter reads it).
    let trustedDianPem: string | undefined;
    let dianEndpoint = config.dianEndpoint;
    if (!dianEndpoint) {
      const fault = config.dianSimulatorFault ? parseFault(config.dianSimulatorFault) : undefined;
      // One signing certificate for the folder's whole life: the anchor its answers are checked against.
      const identity = loadOrCreateSimulatorIdentity(join(dir, STORED_IDENTITY_FILE), clock.now());
      trustedDianPem = identity.certificatePem;
      // The trust list (docs/dian-web-service.md, "The trust list"): made with the local test CA on a new folder,
      // then the operator's; the demo's CA comes from the registry.
      testCa = loadOrCreateLocalTestCa(join(dir, LOCAL_TEST_CA_FILE), clock.now()).ca;
      const trustFolder = join(dir, TRUST_FOLDER);
      seedTrustFolder(trustFolder, testCa.certificatePem);
      const { now: _wallClock, ...simulated } = simulatorConfig(
        { identity, trustedCaPems: await tenants.trustedCaPems() },
        {
          globalFault: fault,
          schemaValidation: config.dianSimulatorSchemaValidation,
          trustFolder,
        },
      );
      simulator = await startDianSimulatorThread(
        simulated,
        { port: config.dianSimulatorPort },
        {
          // DIAN's registry of issuers: the folder's tenants, read on the simulator's thread as they change.
          workerUrl: SIMULATOR_ENTRY,
          entryData: { tenantsDb: join(dir, 'tenants.sqlite'), masterKey } satisfies TenantRegistryFiles,
          // Like DIAN, it remembers across restarts what it accepted: a submission cut by a crash is
          // then found by the GetStatus that reconciles it, not judged a second time.
          storePath: join(dir, 'dian-simulator.sqlite'),
          onStopped: (reason) =>
            logger
              .child({ service: 'dian-simulator' })
              .error(
                { reason },
                'the built-in DIAN simulator stopped; submissions will fail and be retried until the service restarts',
              ),
        },
      );
      closers.push(() => simulator!.close());
      dianEndpoint = simulator.endpoint;
    }

    // One thread for the SQLite stores whose fsyncs leave the event loop (the events, the file counter and the
    // idempotency keys below): an isolate of its own for each cost resident memory, not throughput.
    const sqliteThread = new SharedThread('fe-sqlite', { maxYoungGenerationSizeMb: 8 });
    const rawStore = new ThreadedSqliteEventStore(join(dir, 'events.sqlite'), sqliteThread);
    closers.push(() => rawStore.close());
    // The store's head signed at intervals, and once more at stop, after every writer stopped
    // (docs/audit.md, "Tamper evidence"); the checkpoints live in the events' own file.
    const auditCheckpoints = new SqliteAuditCheckpointStore(join(dir, 'events.sqlite'));
    closers.push(() => auditCheckpoints.close());
    const checkpointer = startCheckpointer({
      store: rawStore,
      checkpoints: auditCheckpoints,
      key: loadOrCreateAuditKey(join(dir, 'audit.key')),
      clock,
      logger: logger.child({ service: 'audit' }),
      intervalMs: config.auditCheckpointIntervalMs,
    });
    closers.push(() => checkpointer.stop());
    const checkpoints = new SqliteCheckpointStore(stateDb);
    closers.push(() => checkpoints.close());
    const baseUrl = config.baseUrl ?? `http://${config.host}:${config.port}`;
    const links = new SignedLinks(loadOrCreateMasterKey(join(dir, 'links.key')), `${baseUrl}/files`);
    const blobs = new FilesystemBlobStore(join(dir, 'files'), links, () => clock.now());

    let nudge = () => {};
    // Every writer of the invoice streams in this process appends through `store`: the stream cache
    // may serve the reactions' reads, and the relay reads what was just appended from the feed
    // (adapters/caching/). The doorbell rings after the cache has fed the feed.
    // What the relay finds only in the store was appended elsewhere (`pnpm fe redrive`): the cache drops it first.
    const feed = new AppendFeed(rawStore, { fromStore: (events) => events.forEach((e) => cached.forget(e.stream)) });
    const cached = withStreamCache(rawStore, { recorded: (events) => feed.add(events) });
    // Each append is a span; the store keeps its trace context with the events and the relay publishes
    // them with it in the message's headers (docs/observability.md, "How the processes connect in a trace").
    const store = tracingEventStore(notifyingEventStore(cached, () => nudge()));
    // Dead letters beside the relay's checkpoint: the bus keeps one before its group moves past it
    // (the checkpoint then moves past the event too), and `pnpm fe dead-letters` lists and re-drives them.
    // Each is first recorded on its invoice's stream (InvoiceProcessingHalted), so the status says so.
    const letterFile = new SqliteDeadLetterStore(stateDb);
    closers.push(() => letterFile.close());
    const deadLetters = countingDeadLetters(recordingHalts(letterFile, store, clock));
    // Every message published carries its trace context; every handler runs in a span of it.
    const bus = tracingEventBus(
      new InProcessEventBus({
        partitions: topics.invoiceEvents.partitions,
        deadLetters,
        now: () => clock.now(),
        logger: logger.child({ service: 'bus' }),
      }),
    );
    closers.push(() => bus.close());
    // Its own file: the status store holds its write transaction open for a turn of the event loop
    // (sqlite-status-store.ts), which would block the other stores' writes to a shared file. A missing
    // file (a data folder from before, or deleted by an operator) is rebuilt from the event store.
    const statusPath = join(dir, 'status.sqlite');
    const statusIsNew = !existsSync(statusPath);
    const statusStore = new SqliteStatusStore(statusPath);
    closers.push(() => statusStore.close());
    if (statusIsNew) {
      const rebuilt = await rebuildStatusViews(rawStore, statusStore);
      if (rebuilt.views > 0)
        logger.info({ views: rebuilt.views, events: rebuilt.events }, 'status views rebuilt from the event store');
    }
    const signerPool = createSignerPool({ size: config.signerThreads });
    closers.push(() => signerPool.close());
    const rendererPool = createRendererPool({ size: 1 });
    closers.push(() => rendererPool.close());

    // The submitter's retry schedule beside the relay's checkpoint; closed after the services stop.
    const schedule = new SqliteSubmissionSchedule(stateDb);
    closers.push(() => schedule.close());
    // The RADIAN event checks beside it (docs/radian.md).
    const eventChecks = new SqliteEventCheckSchedule(stateDb);
    closers.push(() => eventChecks.close());
    // The annex's file counter (docs/choices.md, "File names"): every name sent to DIAN or mailed to a buyer. Kept in
    // the state file before: an empty counter starts from the numbers taken there.
    const fileCounter = new ThreadedSqliteFileCounter(join(dir, 'file-numbers.sqlite'), {
      importFrom: stateDb,
      thread: sqliteThread,
    });
    closers.push(() => fileCounter.close());

    // FE_SMTP_URL names a mail server; without one, mails are written to <data>/outbox as .eml files
    // (`pnpm fe outbox` lists them), so the embedded default never mails anyone by surprise.
    const transport = config.smtp.url
      ? createSmtpTransport(smtpSettings({ ...config.smtp, url: config.smtp.url }))
      : createOutboxTransport(join(dir, 'outbox'));
    closers.push(() => transport.close());

    const projection = createStatusProjection({
      bus,
      store: statusStore,
      logger: logger.child({ service: 'projection' }),
    });
    const submitter = submitterConfigFromEnv(
      simulator
        ? { ...env, DIAN_ENDPOINT_HABILITACION: dianEndpoint, DIAN_ENDPOINT_PRODUCTION: dianEndpoint }
        : { ...env, DIAN_ENDPOINT: dianEndpoint },
    );
    const radianToday = options.radianToday ?? (() => colombiaDateTime(clock.now()).date);
    // DIAN's outage, probed on a schedule, for the tenants in `automatic` contingency (docs/contingency.md).
    const dianAvailability = createDianOutageMonitor(
      submitter, // its endpoints, probed with the SOAP client's trust (DIAN_CA_FILE)
      configFromEnv(dianAvailabilityConfigSchema, env),
      (endpoint, down) =>
        logger[down ? 'warn' : 'info']({ endpoint, down }, down ? 'DIAN is down: contingency' : 'DIAN answers again'),
    );
    dianAvailability.start();
    closers.push(() => dianAvailability.stop());
    const submitterService = createSubmitterService(
      {
        store,
        bus,
        blobs,
        tenants,
        clock,
        logger: logger.child({ service: 'submitter' }),
        schedule,
        eventChecks,
        fileCounter,
        radianToday,
        // The portal's habilitación run, read from the registry as the distributed submitter does: its documents go
        // with SendTestSetAsync and the TestSetId.
        testSetFor: testSetLookup(tenants),
        ...(trustedDianPem ? { trustedDianPem } : {}),
      },
      submitter,
    );
    const services: ServiceModule[] = [
      projection,
      createSignerService(
        { store, bus, blobs, tenants, signer: signerPool, clock, logger: logger.child({ service: 'signer' }) },
        signerConfigFromEnv(env),
      ),
      createRendererService({
        store,
        bus,
        blobs,
        renderer: rendererPool,
        clock,
        logger: logger.child({ service: 'renderer' }),
        tenants, // the software provider's name, which the signed XML cannot carry
      }),
      submitterService,
      createNotifierService(
        {
          store,
          bus,
          blobs,
          tenants,
          transport,
          fileCounter,
          clock,
          logger: logger.child({ service: 'notifier' }),
          // Where the request gave no customer.email: DIAN's register of buyers, at the endpoint the submissions go to.
          acquirers: dianAcquirers({ tenants, endpoints: submitter.endpoints, now: () => clock.now() }),
        },
        notifierConfigFromEnv(env),
      ),
    ];
    // The buyer's side: received invoices, the reception mailbox (docs/radian.md, "The buyer's side").
    const buyer = buyerSide({
      stateDb,
      store,
      blobs,
      clock,
      tenants,
      masterKey,
      trustedDianPem,
      env,
      logger: logger.child({ service: 'ingress' }),
    });
    closers.push(() => buyer.close());
    services.push(buyer.inbox);
    for (const service of services) await service.start();
    closers.push(async () => {
      for (const service of [...services].reverse()) await service.stop();
    });

    const relay = startRelay({
      name: 'relay.invoice-events',
      store: feed,
      bus,
      checkpoints,
      logger: logger.child({ service: 'relay' }),
      // The in-process bus's "settled through" capability keeps the checkpoint behind what a group has not finished.
      route: routeByEventType,
    });
    nudge = () => relay.nudge();
    closers.push(() => relay.stop());
    await relay.caughtUp();
    // Re-drive requests (written by the CLI, even while the service was down): now, then every 2 s.
    const redriver = startDeadLetterRedriver({
      letters: deadLetters,
      bus,
      logger: logger.child({ service: 'dead-letters' }),
      now: () => clock.now(),
    });
    closers.push(() => redriver.stop());

    // Idempotency keys (docs/api.md): each begin is fsynced, on the SQLite thread and in a file of their own; kept in
    // the state file before, whose keys the new file starts from.
    const idempotency = new ThreadedSqliteIdempotencyStore(join(dir, 'idempotency.sqlite'), {
      importFrom: stateDb,
      thread: sqliteThread,
    });
    closers.push(() => idempotency.close());
    // Keys are kept FE_IDEMPOTENCY_TTL_HOURS (docs/api.md, "Idempotency-Key": 24 h), then purged hourly.
    const ttlMs = config.ingress.idempotencyTtlHours * 3600_000;
    const purge = setInterval(
      () => void idempotency.purgeCreatedBefore(new Date(clock.now().getTime() - ttlMs)).catch(() => undefined),
      3600_000,
    );
    purge.unref();
    closers.push(() => clearInterval(purge));
    // The admin portal at /admin (docs/portal.md): accounts beside the registry, mail to a local outbox.
    const accounts = new SqliteAccountStore(join(dir, 'portal.sqlite'));
    closers.push(() => accounts.close());
    // the lockout and post limits, in the same file
    const attempts = new SqliteAttemptStore(join(dir, 'portal.sqlite'));
    closers.push(() => attempts.close());
    // which certificate expiry warnings were mailed, in the same file
    const expiryWarnings = new SqliteExpiryWarningStore(join(dir, 'portal.sqlite'));
    closers.push(() => expiryWarnings.close());
    const portalBaseUrl = { current: config.baseUrl ?? `http://${config.host}:${config.port}` };
    const tenantCommands = createTenantCommands({ registry: tenants, events: store, clock });
    const httpApp: { current?: FastifyInstance } = {}; // the run issues its documents through the app built below
    const issueThroughApp = issueByInject(() => httpApp.current!);
    const portal = createPortal({
      accounts,
      attempts,
      expiryWarnings,
      registry: tenants,
      commands: tenantCommands,
      ...(testCa ? { testCertificates: localTestCertificates(testCa, () => clock.now()) } : {}),
      numberingRanges: dianNumberingRanges({
        registry: tenants,
        endpoints: () => submitter.endpoints,
        now: () => clock.now(),
      }),
      testSets: createPipelineTestSetRunner({
        issue: issueThroughApp,
        registry: tenants,
        commands: tenantCommands,
        statusStore,
        logger: logger.child({ service: 'portal' }),
        now: () => clock.now(),
        documents: config.portal.testSetDocuments,
        timeoutMs: 5 * 60_000,
      }),
      invoices: statusInvoiceList(statusStore, blobs),
      // the paper invoice form (type 03) issues through the API, as the habilitación run does
      issue: issueThroughApp,
      // the banner and mail of untransmitted contingency invoices, read as the readiness check reads them
      contingency: contingencyQueueThrough({ invoices: statusStore, store }, config.ingress.contingencyAlarmHours),
      redrive: redriveThrough({ store, letters: letterFile, clock }),
      // The invoice page's RADIAN buttons: recorded as the API's are, sent by the submitter.
      radianEvents: radianEventsThrough({
        store,
        clock,
        waitFor: (invoiceId, until, timeoutMs) => projection.waitFor(invoiceId, until, timeoutMs),
        today: radianToday,
        waitMs: config.ingress.waitBudgetMs,
      }),
      // "Facturas recibidas": the same operations as the API's.
      receivedInvoices: buyer.received,
      receptionMailboxes: buyer.mailboxes,
      // the buyers' mail path: SMTP or the outbox
      mail: new TransportMailSender(transport, config.portal.mailFrom, () => clock.now()),
      clock,
      logger: logger.child({ service: 'portal' }),
      config: config.portal,
      csrfKey: loadOrCreateMasterKey(join(dir, 'portal.key')),
      get baseUrl() {
        return portalBaseUrl.current;
      },
    });
    const documentPorts = {
      store,
      tenants,
      idempotency,
      clock,
      config: config.ingress,
      // The hint from the event store, as in the distributed shape (the projection's store is not the ingress's).
      allocator: new NumberAllocator(store, highestUsedInStore(store), {
        explicitNumberWindow: config.ingress.explicitNumberWindow,
      }),
      // In one process the projection's own waiters answer: it has folded the event when it tells them, with no
      // extra read. Other processes watch the bus instead (createBusInvoiceOutcomes, docs/service.md).
      outcomes: projection,
      answer: answerWithLinks(blobs, config.ingress.linkTtlSeconds),
      dianAvailability,
    };
    const app = createHttpApp({
      logger: logger.child({ service: 'ingress' }),
      tenants,
      config: config.ingress,
      routes: [
        postInvoiceRoute(documentPorts),
        // Credit and debit notes find the invoice named by its cufe through the status views (docs/notes.md).
        postNoteRoutes({ ...documentPorts, invoices: statusStore }),
        notifyBuyerRoute({ store, invoices: statusStore, clock }),
        // The tenant's readiness and its certificate's days left (docs/api.md, "Tenant readiness").
        tenantReadinessRoute({
          tenants: tenants,
          clock,
          contingency: { invoices: statusStore, store, alarmHours: config.ingress.contingencyAlarmHours },
        }),
        // The seller's 034, 036, 037: recorded here, sent by the submitter (it owns the DIAN gateway and the tenant's
        // call slots), answered through the projection's waiters.
        radianEventRoutes({
          store,
          clock,
          invoices: statusStore,
          waitFor: (invoiceId, until, timeoutMs) => projection.waitFor(invoiceId, until, timeoutMs),
          waitMs: config.ingress.waitBudgetMs,
          retryAfterSeconds: config.ingress.retryAfterSeconds,
        }),
        async (scope) =>
          void (await scope.register(statusRoutes, {
            store: statusStore,
            blobs,
            linkTtlSeconds: config.ingress.linkTtlSeconds,
            today: radianToday,
          })),
        // The raw store: its reads carry the chain digests.
        async (scope) =>
          void (await scope.register(invoiceEventsRoutes, { statuses: statusStore, events: rawStore, blobs })),
        buyer.routes,
        filesRoute(blobs, links, () => clock.now()),
        // `/` leads to the portal; FE_BASE_URL, when set, is the address the OpenAPI document names.
        docsRoutes({ publicUrl: config.baseUrl, home: '/admin' }),
        async (scope) => void (await scope.register(portal, { prefix: '/admin' })),
      ],
    });
    httpApp.current = app;
    closers.push(() => app.close());
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.baseUrl ?? `http://${config.host}:${port}`;
    if (!config.baseUrl && config.port === 0) links.rebase(`${url}/files`);
    portalBaseUrl.current = url;
    ready.checks = [
      { name: 'event-store', check: async () => void (await rawStore.head()) },
      { name: 'status-store', check: async () => void (await statusStore.get('readiness-probe')) },
    ];
    health.setState('ready');

    return {
      url,
      healthUrl: `http://${config.healthHost}:${health.port}/healthz`,
      app,
      simulator,
      tenants,
      eventStore: rawStore,
      statusStore,
      mail: { kind: transport.kind, destination: transport.destination },
      bus,
      demo: { created: demo.created, issuedApiKey: demo.issuedApiKey },
      close: () => {
        health.setState('stopping'); // /readyz 503 at once; /healthz answers until its port closes last
        return closeAll(closers);
      },
    };
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
}

/** Closes in reverse order of opening; one failing closer does not keep the others open. */
async function closeAll(closers: (() => Promise<void> | void)[]): Promise<void> {
  for (const close of closers.splice(0).reverse()) {
    try {
      await close();
    } catch {
      // already closed or failed to start: nothing left to release
    }
  }
}
