import { describe, expect, it } from 'vitest';
import type { DeadLetterInput } from '../../ports/dead-letter-store.ts';
import type { DeliveredMessage } from '../../ports/event-bus.ts';
import type { Logger } from '../../ports/logger.ts';
import { eventBusContract, eventually } from '../../../test-support/event-bus.contract.ts';
import { sampleEnvelope } from '../../../test-support/sample-envelope.ts';
import { InProcessEventBus } from './in-process-bus.ts';

eventBusContract('in-process', () => new InProcessEventBus({ partitions: 3 }));

describe('InProcessEventBus dead letters', () => {
  const topic = 'fe.test.v1';
  const msg = (n: number) => ({
    key: 'k',
    value: sampleEnvelope('k', 'InvoiceSubmitted', { n }),
    headers: { 'x-store-position': String(n) },
  });
  const n = (m: DeliveredMessage) => (m.value.data as { n: number }).n;

  it('keeps a dead letter durably before the group moves past it, the message as delivered without dead-letter headers', async () => {
    const kept: DeadLetterInput[] = [];
    let releaseKeep!: () => void;
    const keepDone = new Promise<void>((r) => (releaseKeep = r));
    const bus = new InProcessEventBus({
      partitions: 1,
      deadLetters: {
        keep: async (letter) => {
          kept.push(letter);
          await keepDone;
        },
      },
      now: () => new Date(0),
    });
    const ok: number[] = [];
    await bus.subscribe({
      topic,
      group: 'g',
      maxAttempts: 2,
      retryBackoffMs: 1,
      handler: async (m) => {
        if (n(m) === 1) throw new Error('POISON');
        ok.push(n(m));
      },
    });
    await bus.publish(topic, [msg(1), msg(2)]);
    await eventually(() => kept.length === 1);
    await new Promise((r) => setTimeout(r, 20));
    // The keep has not returned: message 2 waits, and the relay's settled position stays before message 1.
    expect(ok).toEqual([]);
    expect(bus.settledThrough(topic, 2n)).toBe(0n);
    releaseKeep();
    await eventually(() => ok.length === 1);
    expect(kept[0]).toMatchObject({ topic, group: 'g', error: 'Error: POISON', attempts: 2 });
    expect((kept[0]!.message.value.data as { n: number }).n).toBe(1);
    expect(kept[0]!.message.headers).toEqual({ 'x-store-position': '1' });
    expect(bus.settledThrough(topic, 2n)).toBe(2n);
    await bus.close();
  });

  it('a letter names a catalogued error by its code first (Name CODE: message), once', async () => {
    const kept: DeadLetterInput[] = [];
    const bus = new InProcessEventBus({
      partitions: 1,
      deadLetters: { keep: async (letter) => void kept.push(letter) },
    });
    const coded = (code: string, message: string) => Object.assign(new Error(message), { name: 'SignerError', code });
    await bus.subscribe({
      topic,
      group: 'g',
      maxAttempts: 1,
      handler: async (m) => {
        throw n(m) === 1
          ? coded('CUFE_MISMATCH', 'The rebuilt CUFE differs.')
          : coded('ENOTDIR', 'ENOTDIR: not a directory');
      },
    });
    await bus.publish(topic, [msg(1), msg(2)]);
    await eventually(() => kept.length === 2);
    expect(kept.map((l) => l.error)).toEqual([
      'SignerError CUFE_MISMATCH: The rebuilt CUFE differs.',
      'SignerError: ENOTDIR: not a directory',
    ]);
    await bus.close();
  });

  it('a failed keep holds the partition and is tried again: the group moves on only once the letter is kept', async () => {
    let keeps = 0;
    const kept: DeadLetterInput[] = [];
    const failures: unknown[] = [];
    const logger = { error: (fields: { err: unknown }) => void failures.push(fields.err) } as unknown as Logger;
    const bus = new InProcessEventBus({
      partitions: 1,
      logger,
      deadLetters: {
        keep: async (letter) => {
          if (++keeps <= 2) throw new Error('disk full');
          kept.push(letter);
        },
      },
    });
    let deliveries = 0;
    const ok: number[] = [];
    await bus.subscribe({
      topic,
      group: 'g',
      maxAttempts: 2,
      retryBackoffMs: 5,
      handler: async (m) => {
        if (n(m) === 1) {
          deliveries++;
          throw new Error('POISON');
        }
        ok.push(n(m));
      },
    });
    await bus.publish(topic, [msg(1), msg(2)]);
    await eventually(() => ok.length === 1);
    expect(keeps).toBe(3);
    expect(failures.map(String)).toEqual(['Error: disk full', 'Error: disk full']);
    expect(deliveries).toBe(2); // the handler was not run again: only the keep was retried
    expect(kept).toHaveLength(1);
    await bus.close();
  });

  it('redrive hands a letter back to its group with the same attempts: handled, failed again, or not run', async () => {
    const bus = new InProcessEventBus({ partitions: 1 });
    let healthy = false;
    const seen: number[] = [];
    await bus.subscribe({
      topic,
      group: 'g',
      maxAttempts: 3,
      retryBackoffMs: 1,
      handler: async (m) => {
        seen.push(m.attempt);
        if (!healthy) throw new Error('CERTIFICATE_EXPIRED');
      },
    });
    // the member joins on a later turn
    expect(await bus.redrive({ topic, group: 'g', message: msg(1) })).toMatchObject({ outcome: 'not_run' });
    await new Promise((r) => setImmediate(r));
    expect(await bus.redrive({ topic, group: 'g', message: msg(1) })).toEqual({
      outcome: 'failed',
      error: 'Error: CERTIFICATE_EXPIRED',
    });
    expect(seen).toEqual([1, 2, 3]);
    healthy = true;
    expect(await bus.redrive({ topic, group: 'g', message: msg(1) })).toEqual({ outcome: 'handled' });
    expect(await bus.redrive({ topic, group: 'other', message: msg(1) })).toMatchObject({ outcome: 'not_run' });
    await bus.close();
    expect(await bus.redrive({ topic, group: 'g', message: msg(1) })).toMatchObject({ outcome: 'not_run' });
  });

  it('closing the bus waits for a re-drive in flight', async () => {
    const bus = new InProcessEventBus({ partitions: 1 });
    let finished = false;
    await bus.subscribe({
      topic,
      group: 'g',
      handler: async () => {
        await new Promise((r) => setTimeout(r, 30));
        finished = true;
      },
    });
    await new Promise((r) => setImmediate(r)); // the member joins on a later turn
    const redriven = bus.redrive({ topic, group: 'g', message: msg(1) });
    await new Promise((r) => setTimeout(r, 5));
    await bus.close();
    expect(finished).toBe(true);
    expect(await redriven).toEqual({ outcome: 'handled' });
  });
});

describe('InProcessEventBus members', () => {
  const n = (m: DeliveredMessage) => (m.value.data as { n: number }).n;
  const msg = (i: number) => ({ key: 'k', value: sampleEnvelope('k', 'InvoiceSubmitted', { n: i }) });

  it('a subscription stopped before its first delivery never joins: the next member of the group gets every message', async () => {
    const bus = new InProcessEventBus({ partitions: 1 });
    const early: number[] = [];
    const stopped = await bus.subscribe({
      topic: 'fe.members.v1',
      group: 'g',
      handler: async (m) => void early.push(n(m)),
    });
    await stopped.stop(); // before the member joined (joining waits for a later turn of the event loop)
    const next: number[] = [];
    await bus.subscribe({ topic: 'fe.members.v1', group: 'g', handler: async (m) => void next.push(n(m)) });
    await bus.publish('fe.members.v1', [msg(1), msg(2)]);
    await eventually(() => early.length + next.length === 2);
    expect(early).toEqual([]);
    expect(next).toEqual([1, 2]);
    await bus.close();
  });
});

describe('InProcessEventBus retention', () => {
  const n = (m: DeliveredMessage) => (m.value.data as { n: number }).n;
  const msg = (i: number) => ({ key: 'k', value: sampleEnvelope('k', 'InvoiceSubmitted', { n: i }) });

  it('a topic no group reads keeps only its newest messages; a group joining later reads them from there, in order', async () => {
    const bus = new InProcessEventBus({ partitions: 1, retainWithoutGroups: 200 });
    for (let i = 1; i <= 1000; i += 100)
      await bus.publish(
        'fe.unread.v1',
        Array.from({ length: 100 }, (_, k) => msg(i + k)),
      );
    await new Promise((r) => setImmediate(r));
    const seen: number[] = [];
    await bus.subscribe({
      topic: 'fe.unread.v1',
      group: 'late',
      from: 'earliest',
      handler: async (m) => void seen.push(n(m)),
    });
    await eventually(() => seen.at(-1) === 1000);
    // Trimmed in batches of 128: between 200 and 327 of the newest stay.
    expect(seen.length).toBeGreaterThanOrEqual(200);
    expect(seen.length).toBeLessThan(200 + 128);
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, k) => 1001 - seen.length + k));
    await bus.close();
  });

  it('a topic a group reads is trimmed only below what the group has consumed, however many messages it holds', async () => {
    const bus = new InProcessEventBus({ partitions: 1, retainWithoutGroups: 10 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: number[] = [];
    await bus.subscribe({
      topic: 'fe.read.v1',
      group: 'slow',
      handler: async (m) => {
        await gate;
        seen.push(n(m));
      },
    });
    await bus.publish(
      'fe.read.v1',
      Array.from({ length: 500 }, (_, k) => msg(k + 1)),
    );
    await new Promise((r) => setTimeout(r, 20));
    release();
    await eventually(() => seen.length === 500);
    expect(seen).toEqual(Array.from({ length: 500 }, (_, k) => k + 1));
    await bus.close();
  });
});
