import { withoutElement } from '@fe/dian-xml/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfkitRenderer } from '../pdfkit-renderer.ts';
import type { InvoiceRenderer, RenderRequest } from '../ports/invoice-renderer.ts';
import { sampleRenderRequest, type SampleOptions } from '../samples/sample-invoices.ts';
import { CRASH_BY_EXIT, CRASH_BY_THROW } from './crashing-render-worker.ts';
import { createRendererPool, startRendererPool } from './renderer-pool.ts';

// The PDF's creation date is the invoice's issue instant (renderInvoicePdf), so the same request
// gives the same bytes on any thread: no clock to pin.
const requestOf = (options: SampleOptions): RenderRequest => sampleRenderRequest(options);
const samples: Record<string, SampleOptions> = {
  '1 line': { lines: 1 },
  '12 lines': { lines: 12 },
  '120 lines (4 pages)': { lines: 120 },
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
      const request = requestOf(options);
      const expected = await inProcess.render(request);
      const actual = await pool.render(request);
      expect(actual.pageCount).toBe(expected.pageCount);
      expect(Buffer.from(actual.bytes).equals(Buffer.from(expected.bytes))).toBe(true);
      // transferred: the bytes own their whole ArrayBuffer, no larger pool behind them
      expect(actual.bytes.byteOffset).toBe(0);
      expect(actual.bytes.buffer.byteLength).toBe(actual.bytes.byteLength);
    });
  }

  it('keeps the event loop turning while 120-line invoices render (in process it does not)', async () => {
    const request = requestOf({ lines: 120 });
    const batch = (renderer: InvoiceRenderer) => () =>
      Promise.all(Array.from({ length: 4 }, () => renderer.render(request)));
    await pool.render(request); // both workers warm
    const blocked = await ticksDuring(batch(inProcess));
    const free = await ticksDuring(batch(pool));
    expect(blocked).toBeLessThanOrEqual(1);
    expect(free).toBeGreaterThan(10);
  });

  it('serves a FIFO queue longer than the pool', async () => {
    const requests = [1, 2, 3, 4, 5].map((lines) => requestOf({ lines, number: 990001000 + lines }));
    const results = await Promise.all(requests.map((request) => pool.render(request)));
    const expected = await Promise.all(requests.map((request) => inProcess.render(request)));
    results.forEach((result, i) =>
      expect(Buffer.from(result.bytes).equals(Buffer.from(expected[i]!.bytes))).toBe(true),
    );
  });

  // The reaction tells a bad XML (final) from a crashed thread (retried) by class and code: the
  // worker's errors must come back as the in-process renderer throws them.
  const failures: Record<string, RenderRequest> = {
    'XML that is not well-formed (NOT_AN_INVOICE)': { ...requestOf({ lines: 1 }), xml: '<Invoice><cbc:ID>1</Invoice>' },
    'an invoice without a required field (MISSING_FIELD)': {
      ...requestOf({ lines: 1 }),
      xml: withoutElement(requestOf({ lines: 1 }).xml, 'cbc:IssueTime'),
    },
    'an XML with another CUFE than recorded (XML_MISMATCH)': {
      ...requestOf({ lines: 1 }),
      expected: { cufe: 'f'.repeat(96), environment: '2' },
    },
    'an XML of another environment than recorded (XML_MISMATCH)': {
      ...requestOf({ lines: 1 }),
      expected: { cufe: requestOf({ lines: 1 }).expected!.cufe, environment: '1' },
    },
  };
  for (const [name, request] of Object.entries(failures)) {
    it(`fails as the in-process renderer does, and goes on: ${name}`, async () => {
      const expected = await inProcess.render(request).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(expected).toBeInstanceOf(Error);
      const actual = await pool.render(request).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(actual).toBeInstanceOf((expected as Error).constructor);
      expect(actual).toMatchObject({
        name: (expected as Error).name,
        code: (expected as { code: string }).code,
        message: (expected as Error).message,
        retriable: false,
      });
      expect((await pool.render(requestOf({ lines: 1 }))).pageCount).toBe(1);
    });
  }

  it('rejects a request that cannot be sent to a thread, and goes on', async () => {
    const unclonable = { ...requestOf({ lines: 1 }), extra: () => {} } as unknown as RenderRequest;
    await expect(pool.render(unclonable)).rejects.toThrow();
    expect((await pool.render(requestOf({ lines: 1 }))).pageCount).toBe(1);
  });

  it('close() rejects the job in flight and the queued ones with POOL_CLOSED, then every new one', async () => {
    const closing = createRendererPool({ size: 1 });
    const request = requestOf({ lines: 120 });
    const settled = Promise.allSettled([closing.render(request), closing.render(request), closing.render(request)]);
    await closing.close();
    const outcomes = await settled;
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({
        name: 'RendererError',
        code: 'POOL_CLOSED',
        retriable: false,
      });
    }
    await expect(closing.render(request)).rejects.toMatchObject({ code: 'POOL_CLOSED' });
  });
});

describe('a crashed renderer worker', () => {
  const crashing = startRendererPool(new URL('./crashing-render-worker.ts', import.meta.url), 1);
  afterAll(() => crashing.close());
  const crashRequest = (trigger: string): RenderRequest => {
    const request = requestOf({ lines: 1 });
    return { ...request, options: { ...request.options, softwareProviderName: trigger } };
  };

  for (const [how, trigger] of [
    ['exits', CRASH_BY_EXIT],
    ['throws', CRASH_BY_THROW],
  ] as const) {
    it(`that ${how} fails its job with the retriable POOL_WORKER_FAILED; the next job still renders`, async () => {
      const request = requestOf({ lines: 12 });
      const expected = await inProcess.render(request);
      // The second job waits in the queue behind the crash and goes to the replacement worker.
      const [crashed, after] = await Promise.allSettled([
        crashing.render(crashRequest(trigger)),
        crashing.render(request),
      ]);
      expect(crashed.status).toBe('rejected');
      expect((crashed as PromiseRejectedResult).reason).toMatchObject({
        name: 'RendererError',
        code: 'POOL_WORKER_FAILED',
        retriable: true,
      });
      expect(after.status).toBe('fulfilled');
      expect(
        Buffer.from((after as PromiseFulfilledResult<{ bytes: Uint8Array }>).value.bytes).equals(
          Buffer.from(expected.bytes),
        ),
      ).toBe(true);
      // and once idle, the replacement is started by the next job
      expect((await crashing.render(request)).pageCount).toBe(expected.pageCount);
    });
  }
});
