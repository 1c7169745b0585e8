import { afterAll, describe, expect, it } from 'vitest';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import { readInvoiceView } from '../invoice-view/read-invoice-view.ts';
import { pdfkitRenderer } from '../pdfkit-renderer.ts';
import type { InvoiceRenderer } from '../ports/invoice-renderer.ts';
import { sampleInvoice, sampleReadOptions, type SampleOptions } from '../samples/sample-invoices.ts';
import { CRASH_BY_EXIT, CRASH_BY_THROW } from './crashing-render-worker.ts';
import { createRendererPool, startRendererPool } from './renderer-pool.ts';

// The PDF's creation date is the view's issue instant (renderInvoicePdf), so the same view gives
// the same bytes on any thread: no clock to pin.
const viewOf = (options: SampleOptions): InvoiceView => readInvoiceView(sampleInvoice(options).xml, sampleReadOptions);
const samples: Record<string, SampleOptions> = {
  '1 line': { lines: 1 },
  '12 lines': { lines: 12 },
  '120 lines (3 pages)': { lines: 120 },
  'a buyer name outside WinAnsi (DejaVu subset embedded)': { lines: 12, customerName: 'Panadería 😀 🧾 Ñandú Ωμέγα' },
};
const inProcess = pdfkitRenderer();
const pool = createRendererPool({ size: 2 });
afterAll(() => pool.close());

/** setImmediate turns completed while `work` runs: 0 or 1 when it blocks the event loop throughout. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    ticks++;
    setImmediate(spin);
  };
  setImmediate(spin);
  await work();
  done = true;
  return ticks;
}

describe('createRendererPool', () => {
  it('defaults to one worker', async () => {
    const single = createRendererPool();
    expect(single.size).toBe(1);
    await single.close();
  });

  for (const [name, options] of Object.entries(samples)) {
    it(`gives the in-process renderer's bytes and page count: ${name}`, async () => {
      const view = viewOf(options);
      const expected = await inProcess.render(view);
      const actual = await pool.render(view);
      expect(actual.pageCount).toBe(expected.pageCount);
      expect(Buffer.from(actual.bytes).equals(Buffer.from(expected.bytes))).toBe(true);
      // transferred: the bytes own their whole ArrayBuffer, no larger pool behind them
      expect(actual.bytes.byteOffset).toBe(0);
      expect(actual.bytes.buffer.byteLength).toBe(actual.bytes.byteLength);
    });
  }

  it('keeps the event loop turning while 120-line invoices render (in process it does not)', async () => {
    const view = viewOf({ lines: 120 });
    const batch = (renderer: InvoiceRenderer) => () => Promise.all(Array.from({ length: 4 }, () => renderer.render(view)));
    await pool.render(view); // both workers warm
    const blocked = await ticksDuring(batch(inProcess));
    const free = await ticksDuring(batch(pool));
    expect(blocked).toBeLessThanOrEqual(1);
    expect(free).toBeGreaterThan(10);
  });

  it('serves a FIFO queue longer than the pool', async () => {
    const views = [1, 2, 3, 4, 5].map((lines) => viewOf({ lines, number: 990001000 + lines }));
    const results = await Promise.all(views.map((view) => pool.render(view)));
    const expected = await Promise.all(views.map((view) => inProcess.render(view)));
    results.forEach((result, i) => expect(Buffer.from(result.bytes).equals(Buffer.from(expected[i]!.bytes))).toBe(true));
  });

  it('passes an error thrown while drawing back as an error, and goes on', async () => {
    const broken = { ...viewOf({ lines: 1 }), lines: undefined } as unknown as InvoiceView;
    await expect(pool.render(broken)).rejects.toBeInstanceOf(Error);
    expect((await pool.render(viewOf({ lines: 1 }))).pageCount).toBe(1);
  });

  it('rejects a view that cannot be sent to a thread, and goes on', async () => {
    const unclonable = { ...viewOf({ lines: 1 }), extra: () => {} } as unknown as InvoiceView;
    await expect(pool.render(unclonable)).rejects.toThrow();
    expect((await pool.render(viewOf({ lines: 1 }))).pageCount).toBe(1);
  });

  it('close() rejects the job in flight and the queued ones with POOL_CLOSED, then every new one', async () => {
    const closing = createRendererPool({ size: 1 });
    const view = viewOf({ lines: 120 });
    const settled = Promise.allSettled([closing.render(view), closing.render(view), closing.render(view)]);
    await closing.close();
    const outcomes = await settled;
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ name: 'RendererError', code: 'POOL_CLOSED', retriable: false });
    }
    await expect(closing.render(view)).rejects.toMatchObject({ code: 'POOL_CLOSED' });
  });
});

describe('a crashed renderer worker', () => {
  const crashing = startRendererPool(new URL('./crashing-render-worker.ts', import.meta.url), 1);
  afterAll(() => crashing.close());
  const crashView = (documentId: string): InvoiceView => ({ ...viewOf({ lines: 1 }), documentId });

  for (const [how, documentId] of [['exits', CRASH_BY_EXIT], ['throws', CRASH_BY_THROW]] as const) {
    it(`that ${how} fails its job with the retriable POOL_WORKER_FAILED; the next job still renders`, async () => {
      const view = viewOf({ lines: 12 });
      const expected = await inProcess.render(view);
      // The second job waits in the queue behind the crash and goes to the replacement worker.
      const [crashed, after] = await Promise.allSettled([crashing.render(crashView(documentId)), crashing.render(view)]);
      expect(crashed.status).toBe('rejected');
      expect((crashed as PromiseRejectedResult).reason).toMatchObject({ name: 'RendererError', code: 'POOL_WORKER_FAILED', retriable: true });
      expect(after.status).toBe('fulfilled');
      expect(Buffer.from((after as PromiseFulfilledResult<{ bytes: Uint8Array }>).value.bytes).equals(Buffer.from(expected.bytes))).toBe(true);
      // and once idle, the replacement is started by the next job
      expect((await crashing.render(view)).pageCount).toBe(expected.pageCount);
    });
  }
});
