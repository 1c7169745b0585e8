// Test support for renderer-pool.unit.test.ts: the real worker's job handling, except for two
// provider names that end the thread in the middle of a job, as a native crash or a bug would.
import { parentPort } from 'node:worker_threads';
import type { RenderJob } from './messages.ts';
import { answerRenderJob } from './render-job.ts';

/** The worker calls process.exit(70): 'exit' with a non-zero code, no 'error'. */
export const CRASH_BY_EXIT = 'CRASH-EXIT';
/** The worker throws outside any try: 'error', then 'exit'. */
export const CRASH_BY_THROW = 'CRASH-THROW';

parentPort?.on('message', (job: RenderJob) => {
  const trigger = job.request.options.softwareProviderName;
  if (trigger === CRASH_BY_EXIT) process.exit(70);
  if (trigger === CRASH_BY_THROW) throw new Error('renderer worker bug');
  const { reply, transfer } = answerRenderJob(job);
  parentPort!.postMessage(reply, transfer);
});
