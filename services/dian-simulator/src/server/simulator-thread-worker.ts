// The simulator thread's default entry (see simulator-thread.ts): the configured issuers only.
import { serveSimulatorThread } from './serve-simulator-thread.ts';

await serveSimulatorThread();
