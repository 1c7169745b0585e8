// The public surface of @fe/dian-simulator. Anything not exported here is private.
import type { AddressInfo } from 'node:net';
import { createApplicationResponseSigner } from './application-response/sign-application-response.ts';
import type { SimulatorConfig, SimulatorIdentity } from './config.ts';
import type { FaultSpec } from './faults/faults.ts';
import { createRadianDesk } from './events/radian-desk.ts';
import type { PlayBuyerOutcome, PlayBuyerRequest } from './events/play-buyer.ts';
import { createDispatcher, type Dispatcher } from './server/dispatch.ts';
import { createSimulatorServer, SERVICE_PATH } from './server/http-server.ts';
import { createSqliteStore } from './store/sqlite-store.ts';
import { createStore, type SimulatorStore } from './store/store.ts';
import { createTrustStore } from './verify/trust-store.ts';
import { issuerRegistry, type IssuerSource } from './registry/issuer-registry.ts';

export {
  simulatorConfig,
  demoIssuer,
  demoOtherProviderSoftware,
  demoTestSetId,
  demoAcquirer,
  type SimulatorAcquirer,
  type SimulatorConfig,
  type SimulatorIssuer,
  type SimulatorRange,
  type SimulatorSoftware,
  type SimulatorIdentity,
} from './config.ts';
export { parseFault, faultText, type FaultSpec } from './faults/faults.ts';
export type { PlayBuyerOutcome, PlayBuyerRequest } from './events/play-buyer.ts';
export { ruleCatalogue, ruleMessage, type RuleDefinition, type RuleCode } from './rules/catalogue.ts';
export type { Dispatcher, SoapAnswer } from './server/dispatch.ts';
export { SERVICE_PATH } from './server/http-server.ts';
export { createTrustStore } from './verify/trust-store.ts';
export { addRevocationList } from './verify/revocation-lists.ts';
export {
  addToTrustFolder,
  readTrustFolder,
  removeFromTrustFolder,
  seedTrustFolder,
  TRUST_FOLDER,
  TrustListError,
  type TrustedCa,
  type TrustFolderProblem,
} from './verify/trust-folder.ts';
export { habilitacionTestRange, type IssuerSource } from './registry/issuer-registry.ts';
export { tenantIssuers, type TenantRegistration } from './registry/tenant-issuers.ts';
export { createStore, type SimulatorStore } from './store/store.ts';
export { createSqliteStore } from './store/sqlite-store.ts';
export { ephemeralIdentity } from './identity/ephemeral-identity.ts';
export {
  certificatesOf,
  STORED_IDENTITY_FILE,
  storedIdentity,
  storedIdentityPem,
  SimulatorIdentityError,
} from './identity/stored-identity.ts';
export { createApplicationResponseSigner } from './application-response/sign-application-response.ts';
export {
  startDianSimulatorThread,
  type DianSimulatorThread,
  type SimulatorThreadOptions,
} from './server/simulator-thread.ts';

/** The ApplicationResponse signature an identity gives: 'ECDSA P-256' or 'RSA-<bits>'. */
export function applicationResponseKeyType(identity: SimulatorIdentity): string {
  return createApplicationResponseSigner(identity).keyType;
}

export type DianSimulator = {
  /** The service URL to give the client: http://127.0.0.1:<port>/WcfDianCustomerServices.svc */
  endpoint: string;
  port: number;
  store: SimulatorStore;
  /** Applies a fault to every request that does not name its own; undefined clears it. */
  setGlobalFault(fault: FaultSpec | undefined): void;
  /** Registers 030, 031, 032 or 033 on an accepted invoice as its buyer would (docs/dian-web-service.md). */
  playBuyer(cufe: string, request: PlayBuyerRequest): Promise<PlayBuyerOutcome>;
  /** The date (YYYY-MM-DD) the event rules take for today; undefined goes back to the real one. */
  setToday(date: string | undefined): void;
  close(): Promise<void>;
};

/** The contract without a socket (bench, in-process callers); `issuers` adds to the configured issuers. */
export function createSimulatorDispatcher(
  config: SimulatorConfig,
  store: SimulatorStore = createStore(),
  issuers?: IssuerSource,
): Dispatcher {
  return createDispatcher(validationDeps(config, store, issuers));
}

const validationDeps = (config: SimulatorConfig, store: SimulatorStore, issuers: IssuerSource | undefined) => ({
  config,
  trust: createTrustStore(config.trustedCaPems, config.trustFolder ? { folder: config.trustFolder } : {}),
  store,
  issuers: issuerRegistry(config, issuers),
});

/**
 * Starts the simulator on loopback; `storePath` keeps its answers in SQLite, `control` opens /control/ for a test
 * in another process, `issuers` are registered issuers besides config.issuers.
 *
 *   const sim = await startDianSimulator(simulatorConfig({ identity, trustedCaPems: [caPem] }), { port: 0 });
 */
export async function startDianSimulator(
  config: SimulatorConfig,
  listen: { host?: string; port: number },
  options: { storePath?: string; control?: boolean; issuers?: IssuerSource } = {},
): Promise<DianSimulator> {
  const host = listen.host ?? '127.0.0.1';
  if (!/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host))
    throw new RangeError('the simulator listens on loopback addresses only');
  // In memory unless a file is given (the embedded service gives one: DIAN does not forget on a restart).
  const store = options.storePath ? createSqliteStore(options.storePath) : createStore();
  let globalFault = config.globalFault;
  const deps = validationDeps(config, store, options.issuers);
  const radian = createRadianDesk(deps);
  const server = createSimulatorServer(createDispatcher(deps, radian), {
    maxRequestBytes: config.maxRequestBytes,
    globalFault: () => globalFault,
    ...(options.control
      ? {
          control: {
            setGlobalFault: (fault) => {
              globalFault = fault;
            },
            timesReceived: (cufe) => store.timesReceived(cufe),
            playBuyer: radian.playBuyer,
            setToday: radian.setToday,
          },
        }
      : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    endpoint: `http://${shownHost}:${port}${SERVICE_PATH}`,
    port,
    store,
    setGlobalFault: (fault) => {
      globalFault = fault;
    },
    playBuyer: radian.playBuyer,
    setToday: radian.setToday,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
