// The distributed shape as a Shape (shape.ts), started by the one harness (../start-distributed.ts); a test reaches
// its processes over HTTP, reads their logs and stores, and may kill one or start one more.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPostgresPool, PostgresEventStore } from '@fe/platform-postgres';
import { PostgresStatusStore } from '@fe/invoice-status/postgres';
import { PostgresAccountStore } from '@fe/portal/postgres';
import { S3BlobStore, s3BlobStoreConfigFromEnv } from '@fe/platform-s3';
import { loadOrCreateMasterKey, type TenantRegistry } from '@fe/tenancy';
import { PostgresTenantDirectory } from '@fe/tenancy/postgres';
import { registerExtraTenantsIn } from '../extra-tenants.ts';
import { httpClient, pollStatus } from '../http-client.ts';
import {
  alive,
  apiKeyIn,
  discardDistributedShape,
  prepareDistributedRun,
  recordedProcesses,
  root,
  run,
  startDistributedShape as startScript,
  restartRecordedProcess,
  startExtraProcess,
  type RecordedProcess,
  type ServerVariables,
} from '../start-distributed.ts';
import { exampleRequest } from '../world.ts';
import { invoiceEventsOf, settledDiff, type Shape } from './shape.ts';

const mains = {
  signer: 'services/signer/src/main.ts',
  submitter: 'services/submitter/src/main.ts',
} as const;

export type DistributedShape = Shape & {
  dataDir: string;
  /**
   * The answer to the invoice posted as soon as the start script returned (every /readyz 200): its HTTP status and the
   * invoice's.
   */
  firstAnswer: { status: number; invoiceStatus: string | undefined };
  /** The log lines (JSON text) of the processes whose name starts with `prefix` (signer-1, signer-…). */
  logsOf(prefix: string): string[];
  /** The recorded processes now: the script's and those the test started. */
  processes(): RecordedProcess[];
  /** Sends `signal` to the named process and waits until it is gone. */
  kill(name: string, signal: NodeJS.Signals): Promise<void>;
  /**
   * Starts one more instance of a service, as the script starts its own (recorded, so the stop
   * script stops it too); resolves once its /readyz answers 200.
   */
  startProcess(name: string, service: keyof typeof mains): Promise<void>;
  /**
   * Starts a recorded process that died (a SIGKILL of the test's) again, as a supervisor would: same main,
   * environment and /readyz port; resolves once it is ready.
   */
  restart(name: string): Promise<void>;
  /** Where the second ingress listens. */
  secondUrl: string;
  /** The shape's tenant registry (PostgreSQL), as an operator's CLI reaches it. */
  registry: TenantRegistry;
  /** Where the admin portal process listens (its /admin). */
  portalUrl: string;
  /** A portal account of `tenantId` for `email`, without a password (it is chosen through the reset mail). */
  addPortalAccount(email: string, tenantId: string): Promise<void>;
};

export type DistributedShapeOptions = {
  /**
   * Servers of the test's own, which it may restart (a broker of startOwnBroker, an owned PostgreSQL); default the
   * shared ones.
   */
  servers?: Partial<ServerVariables>;
  /** Variables for every process over the harness's (FE_SMTP_URL: the buyers' mails to a test's SMTP server). */
  env?: NodeJS.ProcessEnv;
};

export async function startDistributedShape(options: DistributedShapeOptions = {}): Promise<DistributedShape> {
  const shape = await prepareDistributedRun({
    namespace: 'shape',
    servers: options.servers ?? {},
    spareHealthPorts: 6,
    env: {
      DIAN_SIMULATOR_CONTROL: 'true',
      MALLOC_ARENA_MAX: '2',
      // As the embedded world (world.ts): no rate limit in the way, a long wait, quick retries.
      FE_RATE_LIMIT_PER_SECOND: '10000',
      FE_RATE_LIMIT_BURST: '10000',
      FE_WAIT_BUDGET_MS: '20000',
      SUBMIT_RETRY_BASE_MS: '200',
      SUBMIT_RETRY_MAX_MS: '1000',
      // The fault tests keep DIAN down for seconds while dozens of invoices retry every second at most.
      SUBMIT_MAX_ATTEMPTS: '40',
      ...options.env,
    },
  });
  const { dataDir, env, ports, url } = shape;
  env.FE_MASTER_KEY_FILE = join(dataDir, 'master.key'); // where the start script puts it, for prepare.ts run before it
  env.FE_AUDIT_KEY_FILE = join(dataDir, 'audit.key'); // as the script: for a relay restarted by the test
  const scratchDir = join(dataDir, 'scratch');
  mkdirSync(scratchDir, { mode: 0o700 });
  const pool = createPostgresPool({
    connectionString: shape.servers.FE_POSTGRES_URL,
    schema: shape.names.schema,
    max: 3,
    onIdleError: () => undefined,
  });
  const closeAll = async () => {
    await discardDistributedShape(shape);
    await pool.end().catch(() => undefined);
  };

  try {
    // Prepared first (schema, demo tenant), so the extra tenants exist before the simulator reads the CAs to trust.
    const prepared = await run(
      join(root, 'node_modules/node/bin/node'),
      ['services/all-in-one/src/distributed/prepare.ts', dataDir, url],
      { cwd: root, env, timeout: 120_000 },
    );
    const apiKey = apiKeyIn(prepared.stdout);
    if (!apiKey) throw new Error(`prepare.ts printed no demo key: ${prepared.stdout}`);
    const tenants = new PostgresTenantDirectory({
      pool,
      masterKey: loadOrCreateMasterKey(env.FE_MASTER_KEY_FILE),
      now: () => new Date(),
    });
    const extra = await registerExtraTenantsIn(tenants);
    const started = Date.now();
    await startScript(shape);
    const api = httpClient(url, apiKey);
    // No warm-up: the script returned once every /readyz said 200, which includes every consumer
    // group's join (consumer-groups), so the first invoice is answered with its verdict (asserted
    // by the tests: firstAnswer).
    const startedIn = Date.now() - started;
    const first = await api.post(exampleRequest);
    const firstAnswer = { status: first.status, invoiceStatus: first.body?.status as string | undefined };
    console.log(
      `distributed shape started in ${startedIn} ms; the first invoice: ${firstAnswer.status} ${firstAnswer.invoiceStatus} in ${Date.now() - started - startedIn} ms`,
    ); // printed, not asserted
    // Its PDF drawn too, so the tests begin on a quiet shape (as they did after the warm-up this replaced).
    if (first.body?.cufe) await pollStatus(api, first.body.cufe, (body) => body.pdf_url !== undefined, 180_000);

    const eventStore = new PostgresEventStore(pool);
    const statusStore = new PostgresStatusStore(pool);
    const simulator = `http://127.0.0.1:${ports.simulator}/control`;
    const logLines = (prefix: string) =>
      readdirSync(join(dataDir, 'logs'))
        .filter((file) => file.startsWith(prefix))
        .flatMap((file) =>
          readFileSync(join(dataDir, 'logs', file), 'utf8')
            .split('\n')
            .filter((line) => line.startsWith('{')),
        );
    const processes = () => recordedProcesses(dataDir);
    let blobs: S3BlobStore | undefined;

    return {
      name: 'distributed',
      files: 's3',
      url,
      apiKey,
      extra,
      scratchDir,
      dataDir,
      firstAnswer,
      ...api,
      ingressLogs: () => logLines('ingress-'),
      ingressInstances: () => processes().filter((p) => p.name.startsWith('ingress-')).length,
      allLogs: () => logLines(''),
      logsOf: logLines,
      trustedCaPems: (tenantId) => tenants.trustedCaPems(tenantId),
      registry: tenants,
      // The run's bucket, read as the processes write it.
      async storedFile(key) {
        blobs ??= await S3BlobStore.open(s3BlobStoreConfigFromEnv(env));
        return (await blobs.get(key)).bytes;
      },
      setTacitAcceptance: (tenantId, setting) => tenants.updateTenant(tenantId, { tacitAcceptance: setting }),
      setContingency: (tenantId, setting) => tenants.updateTenant(tenantId, { contingency: setting }),
      outboxDir: join(dataDir, 'outbox'),
      dian: {
        async setFault(spec) {
          const answer = await fetch(`${simulator}/fault`, { method: 'PUT', body: spec ?? '' });
          if (answer.status !== 204) throw new Error(`the simulator refused the fault ${spec}: ${answer.status}`);
        },
        async timesReceived(cufe) {
          return ((await (await fetch(`${simulator}/received/${cufe}`)).json()) as { times: number }).times;
        },
        async playBuyer(cufe, request) {
          const answer = await fetch(`${simulator}/events/${cufe}`, { method: 'POST', body: JSON.stringify(request) });
          const body = (await answer.json()) as {
            id?: string;
            cude?: string;
            statusCode?: string;
            code?: string;
            message?: string;
          };
          return answer.status === 200
            ? { ok: true, id: body.id!, cude: body.cude!, statusCode: body.statusCode }
            : { ok: false, code: body.code ?? String(answer.status), message: body.message ?? '' };
        },
        async setToday(date) {
          const answer = await fetch(`${simulator}/today`, { method: 'PUT', body: date ?? '' });
          if (answer.status !== 204) throw new Error(`the simulator refused the date ${date}: ${answer.status}`);
        },
      },
      projectionDiff: (withinMs = 30_000) => settledDiff(eventStore, statusStore, withinMs),
      invoiceEvents: () => invoiceEventsOf(eventStore),
      eventStore,
      processes,
      async kill(name, signal) {
        const found = processes().find((p) => p.name === name);
        if (!found) throw new Error(`no process named ${name}`);
        process.kill(found.pid, signal);
        while (alive(found.pid)) await new Promise((r) => setTimeout(r, 50));
      },
      async startProcess(name, service) {
        const dian = `http://127.0.0.1:${ports.simulator}/WcfDianCustomerServices.svc`;
        const own =
          service === 'signer'
            ? { SIGNER_POOL_SIZE: '1' }
            : { DIAN_ENDPOINT_HABILITACION: dian, DIAN_ENDPOINT_PRODUCTION: dian };
        await startExtraProcess(shape, name, mains[service], own);
      },
      async restart(name) {
        const { main, env: own } = startedAs(name, shape.dataDir, ports);
        await restartRecordedProcess(shape, name, main, own);
      },
      secondUrl: `http://127.0.0.1:${ports.api + 1}`,
      portalUrl: `http://127.0.0.1:${ports.portal}`,
      async addPortalAccount(email, tenantId) {
        await new PostgresAccountStore(pool).createAccount(
          { id: `acc-${tenantId}-${email}`, email, passwordHash: '-', tenantId },
          new Date(),
        );
      },
      async close() {
        await tenants.close().catch(() => undefined);
        await statusStore.close().catch(() => undefined);
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/**
 * The main and own environment scripts/start-distributed.sh starts the process `name` with (its "start" lines), so
 * a restart is the same process; names the script does not start are refused.
 */
function startedAs(
  name: string,
  dataDir: string,
  ports: { api: number; simulator: number },
): { main: string; env: NodeJS.ProcessEnv } {
  const dian = `http://127.0.0.1:${ports.simulator}/WcfDianCustomerServices.svc`;
  const endpoints = { DIAN_ENDPOINT_HABILITACION: dian, DIAN_ENDPOINT_PRODUCTION: dian };
  const service = (s: string) => `services/${s}/src/main.ts`;
  if (/^signer-\d+$/.test(name)) return { main: service('signer'), env: { SIGNER_POOL_SIZE: '1' } };
  if (name === 'ingress-1' || name === 'ingress-2')
    return {
      main: service('ingress'),
      env: {
        FE_PORT: String(ports.api + Number(name.at(-1)) - 1),
        DIAN_TRUSTED_PEM: join(dataDir, 'dian-simulator-certificate.pem'),
        ...endpoints,
      },
    };
  const own: Record<string, NodeJS.ProcessEnv> = {
    projection: {},
    relay: {},
    renderer: {},
    submitter: { ...endpoints, DIAN_TRUSTED_PEM: join(dataDir, 'dian-simulator-certificate.pem') },
    notifier: { ...endpoints, FE_MAIL_OUTBOX_DIR: join(dataDir, 'outbox') },
  };
  const env = own[name];
  if (!env) throw new Error(`${name}: not a process the start script starts the same way every time`);
  return { main: service(name), env };
}
