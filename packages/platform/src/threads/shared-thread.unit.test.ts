import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleEnvelope } from '../../test-support/sample-envelope.ts';
import { ThreadedSqliteEventStore } from '../adapters/sqlite/threaded-sqlite-event-store.ts';
import { SharedThread } from './shared-thread.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'fe-shared-'));

describe('SharedThread', () => {
  it('serves each hosted store on its own port, and keeps serving the others after one closed', async () => {
    const thread = new SharedThread('fe-shared-test', { maxYoungGenerationSizeMb: 4 });
    const dir = folder();
    const first = new ThreadedSqliteEventStore(join(dir, 'first.sqlite'), thread);
    const second = new ThreadedSqliteEventStore(join(dir, 'second.sqlite'), thread);
    await Promise.all([
      first.append('a', [sampleEnvelope('a')], 'no_stream'),
      second.append('b', [sampleEnvelope('b'), sampleEnvelope('b')], 'no_stream'),
    ]);
    expect((await first.read('a')).events).toHaveLength(1);
    expect((await second.read('b')).events).toHaveLength(2);
    expect((await first.read('b')).version).toBe('no_stream');

    await first.close();
    await expect(first.head()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    await second.append('b', [sampleEnvelope('b')], 1n);
    expect((await second.read('b')).events).toHaveLength(3);
    await second.close();
  });

  it('fails the calls of every hosted store when one of them cannot open', async () => {
    const thread = new SharedThread('fe-shared-test', { maxYoungGenerationSizeMb: 4 });
    const healthy = new ThreadedSqliteEventStore(join(folder(), 'events.sqlite'), thread);
    const broken = new ThreadedSqliteEventStore(join(folder(), 'no-such-folder', 'events.sqlite'), thread);
    await expect(broken.head()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    await expect(healthy.head()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    await Promise.all([healthy.close(), broken.close()]);
  });
});
