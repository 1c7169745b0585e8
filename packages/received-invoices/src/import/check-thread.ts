// The check thread's entry: one job at a time, answered by id (check-pool.ts).
import { parentPort } from 'node:worker_threads';
import { checkReceived, type CheckInput } from './check-received.ts';

parentPort!.on('message', (job: { id: number; input: CheckInput }) => {
  try {
    parentPort!.postMessage({ id: job.id, result: checkReceived(job.input) });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
