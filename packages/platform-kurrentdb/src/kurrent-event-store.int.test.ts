import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateAuditKey, SqliteAuditCheckpointStore, withStreamCache } from '@fe/platform';
import {
  auditCheckpointContract,
  eventChainContract,
  eventStoreContract,
  readThroughStreamCache,
  sampleEnvelope,
} from '@fe/platform/testing';
import { jsonEvent, KurrentDBClient } from '@kurrent/kurrentdb-client';
import { afterEach, describe, expect, it } from 'vitest';
import { KurrentEventStore } from './kurrent-event-store.ts';

// No registry carries a KurrentDB server, so none runs on these machines: without KURRENTDB_URL
// the suite is reported skipped by its name, never as passed.
const url = process.env.KURRENTDB_URL ?? '';

describe.skipIf(!url)('KurrentDB event store contract (set KURRENTDB_URL)', () => {
  eventStoreContract('kurrentdb', () => KurrentEventStore.connect(url));
  // The cache builds recorded events from the append's result: its positions and instant must be what a read returns.
  eventStoreContract('kurrentdb behind the stream cache', () => withStreamCache(KurrentEventStore.connect(url)));
  eventChainContract('kurrentdb', () => KurrentEventStore.connect(url));
  const auditKey = loadOrCreateAuditKey(join(mkdtempSync(join(tmpdir(), 'fe-key-')), 'audit.key'));
  auditCheckpointContract(
    'kurrentdb, checkpoints kept apart',
    () => ({
      events: KurrentEventStore.connect(url),
      checkpoints: new SqliteAuditCheckpointStore(join(mkdtempSync(join(tmpdir(), 'fe-cp-')), 'checkpoints.sqlite')),
    }),
    () => auditKey,
  );

  describe('KurrentDB specifics', () => {
    const opened: { close(): Promise<void> }[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const open = () => {
      const store = KurrentEventStore.connect(url);
      opened.push(store);
      return store;
    };

    it('gives the stream cache what a read returns: the cached stream equals the stored one, positions and instants included', async () => {
      const { cached, stored, storeReadsWhileCached } = await readThroughStreamCache(
        open(),
        `inv-demo-${Math.random().toString(36).slice(2)}`,
      );
      expect(storeReadsWhileCached).toBe(0);
      expect(cached).toEqual(stored);
    });

    it("leaves KurrentDB's own $ events out of the global read and the head", async () => {
      const store = open();
      const s = `inv-demo-${Math.random().toString(36).slice(2)}`;
      const { lastPosition } = await store.append(s, [sampleEnvelope(s)], 'no_stream');
      const client = KurrentDBClient.connectionString(url);
      opened.push({ close: () => client.dispose() });
      await client.appendToStream(`$fe-test-${s}`, [jsonEvent({ type: '$fe-test', data: {} })]);
      await client.appendToStream(s, [jsonEvent({ type: '$fe-test', data: {} })]);
      expect(await store.head()).toBe(lastPosition);
      expect(await store.readAll({ after: lastPosition })).toEqual([]);
    });

    it("reads after a number that is not an event's position as after the last event below it", async () => {
      const store = open();
      const s = `inv-demo-${Math.random().toString(36).slice(2)}`;
      const { positions } = await store.append(s, [sampleEnvelope(s), sampleEnvelope(s)], 'no_stream');
      const [first, second] = positions!;
      expect((await store.readAll({ after: first! + 1n })).map((e) => e.position)).toEqual([second]);
      expect((await store.readAll({ after: second! - 1n })).map((e) => e.position)).toEqual([second]);
    });
  });
});
