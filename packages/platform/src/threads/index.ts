export { serveWorkerCalls, WorkerCalls } from './worker-calls.ts';
export { SharedThread } from './shared-thread.ts';
