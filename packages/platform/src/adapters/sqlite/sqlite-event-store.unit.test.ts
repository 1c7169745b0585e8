import { mkdtempSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from '../../../test-support/event-store.contract.ts';
import { eventChainContract } from '../../../test-support/event-chain.contract.ts';
import { sampleEnvelope } from '../../../test-support/sample-envelope.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

eventStoreContract(
  'sqlite (file, WAL)',
  () => new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db')),
);
eventChainContract(
  'sqlite (file, WAL)',
  () => new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db')),
);

describe('SqliteEventStore', () => {
  it('adds the trace context column to a file written before it existed: old events read without one, new ones keep theirs', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db');
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT NULL, version INTEGER NOT NULL,
      event_id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, envelope TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream, version))`);
    const before = sampleEnvelope('i-0');
    old
      .prepare('INSERT INTO events (stream, version, event_id, type, envelope, recorded_at) VALUES (?, 0, ?, ?, ?, ?)')
      .run('invoice-i-0', before.id, before.type, JSON.stringify(before), '2026-11-26T09:00:00.000Z');
    old.close();
    const store = new SqliteEventStore(file);
    const traceContext = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
    await store.append('invoice-i-0', [sampleEnvelope('i-0')], 0n, { traceContext });
    expect((await store.read('invoice-i-0')).events.map((e) => e.traceContext)).toEqual([undefined, traceContext]);
    await store.close();
  });

  it('keeps what was appended across a reopen of the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db');
    const first = new SqliteEventStore(file);
    const event = sampleEnvelope('i-1');
    await first.append('invoice-i-1', [event], 'no_stream');
    await first.close();
    const reopened = new SqliteEventStore(file);
    expect((await reopened.read('invoice-i-1')).events.map((e) => e.envelope)).toEqual([event]);
    await expect(reopened.append('invoice-i-1', [sampleEnvelope('i-1')], 'no_stream')).rejects.toMatchObject({
      code: 'WRONG_EXPECTED_VERSION',
    });
    await reopened.close();
  });

  it('lets only one of two connections on the same file win the same expectation', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db');
    const a = new SqliteEventStore(file);
    const b = new SqliteEventStore(file);
    await a.append('s', [sampleEnvelope('s')], 'no_stream');
    await expect(b.append('s', [sampleEnvelope('s')], 'no_stream')).rejects.toMatchObject({
      code: 'WRONG_EXPECTED_VERSION',
    });
    await Promise.all([a.close(), b.close()]);
  });
});
