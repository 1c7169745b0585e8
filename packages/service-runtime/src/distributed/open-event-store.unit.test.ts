import { configFromEnv } from '@fe/platform';
import { PostgresEventStore } from '@fe/platform-postgres';
import { KurrentEventStore } from '@fe/platform-kurrentdb';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openEventStore } from './open-event-store.ts';
import { platformConfigSchema } from './platform-config.ts';

// Neither store connects before its first call, so the choice is seen without a server.
const pool = {} as pg.Pool;

describe('FE_EVENT_STORE chooses where the distributed shape keeps its events', () => {
  it('is PostgreSQL by default', async () => {
    const config = configFromEnv(platformConfigSchema, {});
    expect(config.eventStore).toBe('postgres');
    expect(await openEventStore(config, pool)).toBeInstanceOf(PostgresEventStore);
  });

  it('is KurrentDB at FE_KURRENTDB_URL when asked, with its deadline', async () => {
    const config = configFromEnv(platformConfigSchema, {
      FE_EVENT_STORE: 'kurrentdb',
      FE_KURRENTDB_URL: 'kurrentdb://127.0.0.1:1?tls=false',
      FE_KURRENTDB_DEADLINE_MS: '2500',
    });
    expect(config).toMatchObject({
      eventStore: 'kurrentdb',
      kurrentdbUrl: 'kurrentdb://127.0.0.1:1?tls=false',
      kurrentdbDeadlineMs: 2500,
    });
    const store = await openEventStore(config, pool);
    expect(store).toBeInstanceOf(KurrentEventStore);
    await store.close();
  });

  it('refuses a store it does not know', () => {
    expect(() => configFromEnv(platformConfigSchema, { FE_EVENT_STORE: 'sqlite' })).toThrow(/invalid_value/);
  });
});
