// p.4: invoices of a tenant whose certificate DIAN refuses at WS-Security (a final failure), answered as soon as the
// failure is known; after the run every document a probe got numbered is final or carries its processing_error.
import { api, invoiceRequest, jsonOf, sleep, statusOf, type Context } from './context.ts';
import { Tally } from './tally.ts';

export const finalTally = () => new Tally('p.4 final failures');

export async function sendRefusedInvoices(context: Context, tally: Tally, count = 3): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = tally.count(
      await api(context, '/api/v1/service/invoice', invoiceRequest(), { apiKey: context.target.untrustedKey }),
      'invoice with a refused certificate',
    );
    const body = jsonOf(answer);
    tally.note(
      `refused certificate: ${answer.status} ${body?.status ?? ''} in ${Math.round(answer.ms)} ms` +
        `${body?.processing_error ? ` (${body.processing_error.code})` : ''}`,
    );
    // The failure is known at DIAN's first answer: a full wait for it is an answer withheld.
    if (answer.status === 202 && !body?.processing_error && answer.ms > 8000)
      tally.isStuck(`refused certificate: 202 pending after ${Math.round(answer.ms)} ms, no processing_error`);
  }
}

/** Waits up to `settleSeconds` for every numbered document to be final or halted; the others are stuck. */
export async function checkNumbered(context: Context, tally: Tally): Promise<void> {
  const open = new Map(context.numbered);
  const deadline = Date.now() + context.settings.settleSeconds * 1000;
  const last = new Map<string, string>();
  while (open.size > 0 && Date.now() < deadline) {
    for (const [cufe, key] of open) {
      const answer = await statusOf(context, cufe, key);
      tally.sent++;
      if (answer.status >= 500) tally.fiveXx++;
      const body = jsonOf(answer);
      last.set(cufe, `${answer.status} ${body?.status ?? ''} ${body?.stage ?? ''}`);
      if (answer.status === 200 && (body.status !== 'pending' || body.processing_error)) open.delete(cufe);
    }
    if (open.size > 0) await sleep(1000);
  }
  tally.note(`${context.numbered.size} numbered documents, ${open.size} neither final nor halted`);
  for (const cufe of open.keys()) tally.isStuck(`${cufe.slice(0, 12)}…: ${last.get(cufe)}`);
}
