// `@fe/dian-simulator/thread`: what a process needs to run the simulator on its own thread (the
// embedded service), without loading the simulator's validation code into its own isolate; only
// the thread loads that.
export {
  startDianSimulatorThread,
  type DianSimulatorThread,
  type SimulatorThreadOptions,
} from './server/simulator-thread.ts';
export { simulatorConfig, type SimulatorConfig } from './config.ts';
export { ephemeralIdentity } from './identity/ephemeral-identity.ts';
export {
  STORED_IDENTITY_FILE,
  storedIdentity,
  storedIdentityPem,
  SimulatorIdentityError,
} from './identity/stored-identity.ts';
export { loadOrCreateSimulatorIdentity } from './identity/load-or-create-identity.ts';
export { parseFault, type FaultSpec } from './faults/faults.ts';
export { seedTrustFolder, TRUST_FOLDER } from './verify/trust-folder.ts';
