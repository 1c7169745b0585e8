import { mkdtempSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { verifyStreamChain } from '../../../audit/verify-chain.ts';
import { sampleEnvelope } from '../../../../test-support/sample-envelope.ts';
import { SqliteEventStore } from '../sqlite-event-store.ts';

it('chains the events of a store made before the chain when it is opened, and appends after them continue the chain', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'fe-chain-')), 'events.sqlite');
  const old = new DatabaseSync(file);
  old.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT NULL, version INTEGER NOT NULL,
    event_id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, envelope TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream, version))`);
  const insert = old.prepare(
    'INSERT INTO events (stream, version, event_id, type, envelope, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const [stream, version] of [
    ['a', 0],
    ['b', 0],
    ['a', 1],
  ] as const) {
    const envelope = sampleEnvelope(stream);
    insert.run(stream, version, envelope.id, envelope.type, JSON.stringify(envelope), '2026-03-10T15:15:00.000Z');
  }
  old.close();

  const store = new SqliteEventStore(file);
  await store.append('a', [sampleEnvelope('a')], 1n);
  for (const stream of ['a', 'b']) {
    const { events } = await store.read(stream);
    expect(events.every((e) => e.digest !== undefined)).toBe(true);
    expect(verifyStreamChain(stream, events)).toEqual([]);
  }
  await store.close();
  const reopened = new SqliteEventStore(file); // a second open finds the column and changes nothing
  expect(verifyStreamChain('a', (await reopened.read('a')).events)).toEqual([]);
  await reopened.close();
});
