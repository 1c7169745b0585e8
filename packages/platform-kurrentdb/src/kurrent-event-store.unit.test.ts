import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateAuditKey, SqliteAuditCheckpointStore, verifyStreamChain, withStreamCache } from '@fe/platform';
import {
  auditCheckpointContract,
  eventChainContract,
  eventStoreContract,
  readThroughStreamCache,
  sampleEnvelope,
} from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import { KurrentEventStore } from './kurrent-event-store.ts';
import { kurrentModel } from '../test-support/kurrent-model.ts';

// The adapter's own logic against a model of the server (test-support/kurrent-model.ts), in the
// unit run. It is not evidence that KurrentDB behaves like the model: kurrent-event-store.int.test.ts
// runs the same suite against a server when KURRENTDB_URL is set.
const modelStore = () => {
  const model = kurrentModel();
  model.writeSystemRecord();
  return { model, store: new KurrentEventStore(model.client) };
};

eventStoreContract('kurrentdb adapter on an in-memory model of KurrentDB (not a server)', () => modelStore().store);
eventStoreContract('kurrentdb adapter on the model, behind the stream cache', () =>
  withStreamCache(modelStore().store),
);
eventChainContract('kurrentdb adapter on the model', () => modelStore().store);
eventChainContract('kurrentdb adapter on the model, behind the stream cache', () =>
  withStreamCache(modelStore().store),
);
const auditKey = loadOrCreateAuditKey(join(mkdtempSync(join(tmpdir(), 'fe-key-')), 'audit.key'));
auditCheckpointContract(
  'kurrentdb adapter on the model, checkpoints kept apart',
  () => ({
    events: modelStore().store,
    checkpoints: new SqliteAuditCheckpointStore(join(mkdtempSync(join(tmpdir(), 'fe-cp-')), 'checkpoints.sqlite')),
  }),
  () => auditKey,
);

describe('KurrentEventStore on the model', () => {
  it("keeps the chain in each event's metadata, so an event edited in the database no longer follows", async () => {
    const { model, store } = modelStore();
    const s = 'inv-demo-SETP9';
    await store.append(s, [sampleEnvelope(s, 'InvoiceRequested'), sampleEnvelope(s, 'InvoiceSigned')], 'no_stream');
    const { digests } = await store.append(s, [sampleEnvelope(s, 'InvoiceAccepted')], 1n);
    const { events } = await store.read(s);
    expect(digests).toEqual([events[2]!.digest]);
    expect(model.log.filter((r) => r.streamId === s).map((r) => (r.metadata as { digest: string }).digest)).toEqual(
      events.map((e) => e.digest),
    );
    (model.log.find((r) => r.streamId === s && r.revision === 1n)!.data as { occurred_at: string }).occurred_at =
      '2026-03-11T10:15:00-05:00';
    expect(verifyStreamChain(s, (await store.read(s)).events).map((f) => f.code)).toEqual(['CHAIN_BROKEN']);
  });

  it('refuses a batch that repeats an id of the stream, which KurrentDB itself would store a second time', async () => {
    const { model, store } = modelStore();
    const s = 'inv-demo-SETP1';
    const first = sampleEnvelope(s);
    await store.append(s, [first], 'no_stream');
    await expect(store.append(s, [sampleEnvelope(s), first], 0n)).rejects.toMatchObject({
      code: 'DUPLICATE_EVENT_ID',
      retriable: false,
    });
    await expect(store.append(s, [first], 'any')).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID' });
    const twice = sampleEnvelope(s);
    await expect(store.append(s, [twice, twice], 0n)).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID' });
    expect(model.log.filter((r) => r.streamId === s)).toHaveLength(1);
  });

  it('lands every one of many concurrent `any` and `stream_exists` appends from two processes once: a lost pinned revision reads and tries again', async () => {
    const { model, store } = modelStore();
    const otherProcess = new KurrentEventStore(model.client);
    const s = 'inv-demo-SETP2';
    const opening = sampleEnvelope(s, 'InvoiceRequested');
    await store.append(s, [opening], 'no_stream');
    const events = Array.from({ length: 6 }, () => sampleEnvelope(s));
    await Promise.all(
      events.map((event, i) => (i % 2 ? otherProcess : store).append(s, [event], i % 3 ? 'any' : 'stream_exists')),
    );
    const read = await store.read(s);
    expect(read.events.map((e) => e.envelope.id).sort()).toEqual([opening, ...events].map((e) => e.id).sort());
    expect(read.events.map((e) => e.version)).toEqual([0n, 1n, 2n, 3n, 4n, 5n, 6n]);
  });

  it('gives the stream cache what a read returns: positions and instants from the read-back', async () => {
    const { cached, stored, storeReadsWhileCached } = await readThroughStreamCache(
      modelStore().store,
      'inv-demo-SETP5',
    );
    expect(storeReadsWhileCached).toBe(0);
    expect(cached).toEqual(stored);
  });

  it("returns each appended event's position, as the global read gives them, gaps and system records between", async () => {
    const { model, store } = modelStore();
    const s = 'inv-demo-SETP3';
    const { positions, lastPosition } = await store.append(s, [sampleEnvelope(s), sampleEnvelope(s)], 'no_stream');
    model.writeSystemRecord();
    const all = await store.readAll();
    expect(all.map((e) => e.position)).toEqual(positions);
    expect(lastPosition).toBe(positions!.at(-1));
    expect(await store.head()).toBe(lastPosition);
    expect(positions![1]! - positions![0]!).toBeGreaterThan(1n);
  });

  it("reads after a number that is no event's position (the server refuses it as a start) from the last event below it", async () => {
    const { store } = modelStore();
    const s = 'inv-demo-SETP4';
    const { positions } = await store.append(s, [sampleEnvelope(s), sampleEnvelope(s), sampleEnvelope(s)], 'no_stream');
    const [first, second, third] = positions!;
    expect((await store.readAll({ after: first! + 1n })).map((e) => e.position)).toEqual([second, third]);
    expect((await store.readAll({ after: third! - 1n })).map((e) => e.position)).toEqual([third]);
    expect((await store.readAll({ after: 1n, limit: 1 })).map((e) => e.position)).toEqual([first]);
    expect(await store.readAll({ after: third! + 1n })).toEqual([]);
  });
});
