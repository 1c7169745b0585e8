import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from '../../testing/event-store.contract.ts';
import { eventChainContract } from '../../testing/event-chain.contract.ts';
import { sampleEnvelope } from '../../testing/sample-envelope.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

eventStoreContract('sqlite (file, WAL)', () => new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db')));
eventChainContract('sqlite (file, WAL)', () => new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db')));

describe('SqliteEventStore', () => {
  it('keeps what was appended across a reopen of the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db');
    const first = new SqliteEventStore(file);
    const event = sampleEnvelope('i-1');
    await first.append('invoice-i-1', [event], 'no_stream');
    await first.close();
    const reopened = new SqliteEventStore(file);
    expect((await reopened.read('invoice-i-1')).events.map((e) => e.envelope)).toEqual([event]);
    await expect(reopened.append('invoice-i-1', [sampleEnvelope('i-1')], 'no_stream')).rejects.toMatchObject({ code: 'WRONG_EXPECTED_VERSION' });
    await reopened.close();
  });

  it('lets only one of two connections on the same file win the same expectation', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fe-es-')), 'events.db');
    const a = new SqliteEventStore(file);
    const b = new SqliteEventStore(file);
    await a.append('s', [sampleEnvelope('s')], 'no_stream');
    await expect(b.append('s', [sampleEnvelope('s')], 'no_stream')).rejects.toMatchObject({ code: 'WRONG_EXPECTED_VERSION' });
    await Promise.all([a.close(), b.close()]);
  });
});
