import type { Envelope } from '@fe/contracts';
import { isConcurrencyError } from '@fe/platform';
import { sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrations/migrate.ts';
import { createPostgresPool } from './pool.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { startOwnedServer, type OwnedServer } from '../test-support/owned-server.ts';

/**
 * A real restart (`pg_ctl restart -m fast`) of a server this file owns, while writers keep appending.
 */
describe('PostgresEventStore across a server restart while appends flow', () => {
  let server: OwnedServer;
  beforeAll(async () => {
    server = await startOwnedServer();
  });
  afterAll(() => server?.stop());

  it('each append either happened or raised the retriable STORE_UNAVAILABLE; no stream is half-written; retries append once', async () => {
    const pool = createPostgresPool({ connectionString: server.url, schema: 'fe', max: 4 });
    await migrate(pool, { schema: 'fe' });
    const store = new PostgresEventStore(pool);
    const failures: string[] = [];
    const returned = new Map<string, Envelope[]>(); // by stream, what each writer was told was appended
    let appends = 0;
    let restart: Promise<void> | undefined;

    const writer = async (stream: string) => {
      let expected: bigint | 'no_stream' = 'no_stream';
      const mine: Envelope[] = [];
      returned.set(stream, mine);
      // Bounded by count: 40 appends per writer, a restart after the first 40 of all.
      for (let i = 0; i < 40; i++) {
        const events = [sampleEnvelope(stream), sampleEnvelope(stream)];
        for (let attempt = 1; ; attempt++) {
          try {
            expected = (await store.append(stream, events, expected)).nextExpectedVersion;
            mine.push(...events);
            break;
          } catch (error) {
            if (isConcurrencyError(error)) {
              // The earlier attempt committed and only its reply was lost: the events are there.
              const read = await store.read(stream);
              expect(read.events.slice(-2).map((e) => e.envelope.id)).toEqual(events.map((e) => e.id));
              expected = read.version;
              mine.push(...events);
              failures.push('WRONG_EXPECTED_VERSION on retry');
              break;
            }
            failures.push((error as { code?: string }).code ?? String(error));
            if (attempt === 100) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        if (++appends === 40) restart = server.restart(); // the writers go on: appends in flight meet the shutdown
      }
    };
    const streams = ['inv-a', 'inv-b', 'inv-c', 'inv-d'];
    await Promise.all(streams.map(writer));
    await restart;

    expect(restart).toBeDefined();
    expect(failures.length).toBeGreaterThan(0); // the restart did meet appends
    expect(
      failures.filter((code) => code !== 'STORE_UNAVAILABLE' && code !== 'WRONG_EXPECTED_VERSION on retry'),
    ).toEqual([]);
    for (const stream of streams) {
      const read = await store.read(stream);
      expect(read.events.map((e) => e.envelope.id)).toEqual(returned.get(stream)!.map((e) => e.id));
      expect(read.events.map((e) => e.version)).toEqual(read.events.map((_, i) => BigInt(i)));
    }
    const { rows } = await pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM streams s WHERE version <> (SELECT max(version) FROM events e WHERE e.stream = s.stream)',
    );
    expect(rows[0]!.n).toBe('0');
    await pool.end();
  });
});
