import { describe, expect, it } from 'vitest';
import { kurrentEventStoreConfigFromEnv, kurrentEventStoreEnv } from './config.ts';

describe('KurrentDB event store configuration', () => {
  it('reads every key from its FE_KURRENTDB_* variable, with a local single node as the development default', () => {
    expect(kurrentEventStoreEnv).toEqual({ url: 'FE_KURRENTDB_URL', deadlineMs: 'FE_KURRENTDB_DEADLINE_MS' });
    expect(kurrentEventStoreConfigFromEnv({})).toEqual({
      url: 'kurrentdb://127.0.0.1:2113?tls=false',
      deadlineMs: 10_000,
    });
    expect(
      kurrentEventStoreConfigFromEnv({
        FE_KURRENTDB_URL: 'kurrentdb+discover://admin:changeit@db.example.co:2113',
        FE_KURRENTDB_DEADLINE_MS: '2500',
      }),
    ).toEqual({ url: 'kurrentdb+discover://admin:changeit@db.example.co:2113', deadlineMs: 2500 });
  });

  it('refuses what is not a KurrentDB connection string, naming the key and never echoing the value (it may hold a password)', () => {
    const wrong = () =>
      kurrentEventStoreConfigFromEnv({ FE_KURRENTDB_URL: 'postgres://fe:s3cret-pw@127.0.0.1:5432/fe' });
    expect(wrong).toThrow(/url/);
    expect(wrong).not.toThrow(/s3cret-pw/);
    expect(() => kurrentEventStoreConfigFromEnv({ FE_KURRENTDB_DEADLINE_MS: '0' })).toThrow(/deadlineMs/);
  });
});
