// A renderer worker: parses the fallback font once, then reads and draws one invoice at a time.
import { parentPort } from 'node:worker_threads';
import { fallbackFonts } from '../pdf/fonts.ts';
import type { RenderJob } from './messages.ts';
import { answerRenderJob } from './render-job.ts';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs only as a worker thread');
fallbackFonts(); // as pdfkitRenderer() does: no invoice pays for parsing it

port.on('message', (job: RenderJob) => {
  const { reply, transfer } = answerRenderJob(job);
  port.postMessage(reply, transfer);
});
