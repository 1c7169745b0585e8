// A simulator thread entry that says it listens, then dies: for the crash test of simulator-thread.ts.
import { parentPort } from 'node:worker_threads';

parentPort!.postMessage({
  id: 0,
  kind: 'listening',
  endpoint: 'http://127.0.0.1:9/WcfDianCustomerServices.svc',
  port: 9,
});
setTimeout(() => process.exit(3), 50);
