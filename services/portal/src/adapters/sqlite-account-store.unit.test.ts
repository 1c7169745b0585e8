import { describe, expect, it } from 'vitest';
import { SqliteAccountStore } from './sqlite-account-store.ts';

const at = new Date('2026-03-10T12:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

describe('SqliteAccountStore', () => {
  it('refuses a second account for an email and keeps tokens single-use and bounded in time', async () => {
    const store = new SqliteAccountStore(':memory:');
    expect(await store.createAccount({ id: 'a1', email: 'ana@acme.co', passwordHash: 'h', tenantId: 't1' }, at)).toBe(true);
    expect(await store.createAccount({ id: 'a2', email: 'ana@acme.co', passwordHash: 'h2', tenantId: 't2' }, at)).toBe(false);
    expect(await store.accountByEmail('ana@acme.co')).toMatchObject({ id: 'a1', passwordHash: 'h', confirmedAt: undefined });

    await store.saveToken('hash-1', 'a1', 'confirm', later(1000));
    expect(await store.takeToken('hash-1', 'reset', at)).toBeUndefined(); // another purpose: not this one
    expect(await store.takeToken('hash-1', 'confirm', at)).toBe('a1');
    expect(await store.takeToken('hash-1', 'confirm', at)).toBeUndefined(); // used
    await store.saveToken('hash-2', 'a1', 'reset', later(1000));
    expect(await store.takeToken('hash-2', 'reset', later(1000))).toBeUndefined(); // expired
    await store.close();
  });

  it('ends sessions at their expiry, one by one, or all of an account at once', async () => {
    const store = new SqliteAccountStore(':memory:');
    await store.createAccount({ id: 'a1', email: 'ana@acme.co', passwordHash: 'h', tenantId: 't1' }, at);
    await store.createSession('s1', 'a1', later(1000));
    await store.createSession('s2', 'a1', later(5000));
    expect(await store.session('s1', at)).toEqual({ accountId: 'a1' });
    expect(await store.session('s1', later(1000))).toBeUndefined();
    await store.deleteSessionsOf('a1');
    expect(await store.session('s2', at)).toBeUndefined();
    await store.close();
  });
});
