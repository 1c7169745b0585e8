import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConcurrencyError, PlatformError } from '../src/errors.ts';
import type { EventStore } from '../src/ports/event-store.ts';
import { followWhileAppending } from './reader-follows-appends.ts';
import { sampleEnvelope } from './sample-envelope.ts';

/**
 * What every EventStore adapter must do; the factory returns a fresh store, or one whose streams the test names
 * uniquely.
 */
export function eventStoreContract(name: string, factory: () => Promise<EventStore> | EventStore): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    const stream = () => `invoice-${Math.random().toString(36).slice(2)}`;

    beforeEach(async () => {
      store = await factory();
    });
    afterEach(async () => {
      await store.close();
    });

    it('appends to a new stream with no_stream and reads the events back in order, versions from 0', async () => {
      const s = stream();
      const events = [sampleEnvelope(s, 'InvoiceRequested'), sampleEnvelope(s, 'InvoiceSigned')];
      const result = await store.append(s, events, 'no_stream');
      expect(result.nextExpectedVersion).toBe(1n);
      const read = await store.read(s);
      expect(read.version).toBe(1n);
      expect(read.events.map((e) => [e.version, e.envelope])).toEqual([
        [0n, events[0]],
        [1n, events[1]],
      ]);
    });

    it("keeps each append's trace context with its events (W3C keys only) and returns it from read and readAll", async () => {
      const [traced, plain] = [stream(), stream()];
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const carrier = { traceparent, tracestate: 'fe=1', 'x-api-key': 'never-stored' };
      const before = await store.head();
      await store.append(
        traced,
        [sampleEnvelope(traced, 'InvoiceRequested'), sampleEnvelope(traced, 'InvoiceSigned')],
        'no_stream',
        { traceContext: carrier },
      );
      await store.append(plain, [sampleEnvelope(plain)], 'no_stream');
      await store.append(plain, [sampleEnvelope(plain)], 0n, { traceContext: { traceparent: 'not-a-traceparent' } });
      const expected = { traceparent, tracestate: 'fe=1' };
      expect((await store.read(traced)).events.map((e) => e.traceContext)).toEqual([expected, expected]);
      expect((await store.read(plain)).events.map((e) => e.traceContext)).toEqual([undefined, undefined]);
      const all = (await store.readAll({ after: before })).filter((e) => e.stream === traced || e.stream === plain);
      expect(all.map((e) => [e.stream, e.traceContext])).toEqual([
        [traced, expected],
        [traced, expected],
        [plain, undefined],
        [plain, undefined],
      ]);
    });

    it('refuses no_stream on an existing stream and a stale version, with a non-retriable concurrency error', async () => {
      const s = stream();
      await store.append(s, [sampleEnvelope(s)], 'no_stream');
      await expect(store.append(s, [sampleEnvelope(s)], 'no_stream')).rejects.toSatisfy(isConcurrencyError);
      await store.append(s, [sampleEnvelope(s)], 0n);
      const stale = store.append(s, [sampleEnvelope(s)], 0n);
      await expect(stale).rejects.toSatisfy(isConcurrencyError);
      await expect(stale).rejects.toMatchObject({ retriable: false, code: 'WRONG_EXPECTED_VERSION' });
      expect((await store.read(s)).events).toHaveLength(2);
    });

    it('honours stream_exists and any', async () => {
      const s = stream();
      await expect(store.append(s, [sampleEnvelope(s)], 'stream_exists')).rejects.toSatisfy(isConcurrencyError);
      await store.append(s, [sampleEnvelope(s)], 'any');
      await store.append(s, [sampleEnvelope(s)], 'stream_exists');
      await store.append(s, [sampleEnvelope(s)], 'any');
      expect((await store.read(s)).version).toBe(2n);
    });

    it('lets exactly one of many concurrent appends with the same expectation win', async () => {
      const s = stream();
      const attempts = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.append(s, [sampleEnvelope(s)], 'no_stream')),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const a of attempts) if (a.status === 'rejected') expect(isConcurrencyError(a.reason)).toBe(true);
      expect((await store.read(s)).events).toHaveLength(1);
    });

    it('appends atomically: a batch with a reused event id stores nothing', async () => {
      const s = stream();
      const first = sampleEnvelope(s);
      await store.append(s, [first], 'no_stream');
      const batch = [sampleEnvelope(s), { ...first }];
      await expect(store.append(s, batch, 0n)).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID' });
      await expect(store.append(s, batch, 0n)).rejects.toBeInstanceOf(PlatformError);
      expect((await store.read(s)).events).toHaveLength(1);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.read(stream())).toEqual({ version: 'no_stream', events: [] });
    });

    it('reads all streams in global position order, after a checkpoint, in pages', async () => {
      const a = stream();
      const b = stream();
      await store.append(a, [sampleEnvelope(a)], 'no_stream');
      await store.append(b, [sampleEnvelope(b), sampleEnvelope(b)], 'no_stream');
      await store.append(a, [sampleEnvelope(a)], 0n);
      const all = (await store.readAll({ limit: 100_000 })).filter((e) => e.stream === a || e.stream === b);
      expect(all.map((e) => e.stream)).toEqual([a, b, b, a]);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((x, y) => (x < y ? -1 : 1))).toEqual(positions);
      expect(new Set(positions).size).toBe(4);
      const afterFirst = await store.readAll({ after: all[0]!.position, limit: 2 });
      expect(afterFirst).toHaveLength(2);
      expect(afterFirst[0]!.position).toBeGreaterThan(all[0]!.position);
    });

    it('keeps appends issued together independent: one wrong expectation fails alone', async () => {
      const [a, b, c] = [stream(), stream(), stream()];
      await store.append(b, [sampleEnvelope(b)], 'no_stream');
      const results = await Promise.allSettled([
        store.append(a, [sampleEnvelope(a)], 'no_stream'),
        store.append(b, [sampleEnvelope(b)], 'no_stream'), // wrong: b exists
        store.append(c, [sampleEnvelope(c), sampleEnvelope(c)], 'no_stream'),
        store.append(a, [sampleEnvelope(a)], 0n), // sees the first append of a in the same batch
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((await store.read(a)).events).toHaveLength(2);
      expect((await store.read(b)).events).toHaveLength(1);
      expect((await store.read(c)).version).toBe(1n);
    });

    it('reports a closed store as STORE_UNAVAILABLE (retriable), on every operation', async () => {
      const closing = await factory();
      await closing.close();
      for (const call of [
        () => closing.append('s', [sampleEnvelope('s')], 'any'),
        () => closing.read('s'),
        () => closing.readAll(),
        () => closing.head(),
      ]) {
        await expect(call()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
      }
    });

    it('never lets a reader that follows readAll skip an event committed after a higher position (the global order rule)', async () => {
      const report = await followWhileAppending(store);
      expect(report.appended).toBeGreaterThan(0);
      expect(report).toMatchObject({ missed: [], repeated: [], backwards: 0 });
    });

    it('reports its head: the position of the last stored event', async () => {
      const s = stream();
      const { lastPosition } = await store.append(s, [sampleEnvelope(s), sampleEnvelope(s)], 'no_stream');
      expect(await store.head()).toBe(lastPosition);
      const page = await store.readAll({ after: lastPosition - 1n });
      expect(page.map((e) => e.position)).toEqual([lastPosition]);
    });
  });
}
