// The check thread's entry: one job at a time, answered by id (check-pool.ts).
import { parentPort } from 'node:worker_threads';
import { extractAttachments } from '@fe/mail';
import { checkReceived, type CheckInput } from './check-received.ts';

export type CheckJob = { id: number; check: CheckInput } | { id: number; mail: Uint8Array };

parentPort!.on('message', (job: CheckJob) => {
  try {
    const result =
      'check' in job
        ? checkReceived(job.check)
        : extractAttachments(job.mail).attachments.map((a) => ({ filename: a.filename, content: a.content }));
    parentPort!.postMessage({ id: job.id, result });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    parentPort!.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
      ...(typeof code === 'string' ? { code } : {}),
    });
  }
});
