import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteAttemptStore } from '../adapters/sqlite-attempt-store.ts';
import { LoginThrottle } from './throttle.ts';

const dir = mkdtempSync(join(tmpdir(), 'fe-throttle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secret = new Uint8Array(32).fill(7);
const options = {
  maxFailures: 3,
  maxAddressFailures: 5,
  maxAccountFailures: 8,
  windowMs: 60_000,
  postsPerMinute: 2,
  mailsPerHour: 2,
};
const at = (ms: number) => new Date(Date.UTC(2026, 2, 10) + ms);
let files = 0;
/** Two throttles on one database file, as two portal instances on one store. */
const twoInstances = () => {
  const path = join(dir, `portal-${files++}.sqlite`);
  return {
    path,
    first: new LoginThrottle(new SqliteAttemptStore(path), secret, options),
    second: new LoginThrottle(new SqliteAttemptStore(path), secret, options),
  };
};

describe('LoginThrottle', () => {
  it('locks an email from one address after maxFailures attempts counted by any instance, for the window; a success forgets them', async () => {
    const { first, second } = twoInstances();
    for (const [i, throttle] of [first, second, first].entries()) {
      expect(await throttle.beginLogin('a@b.co', '10.0.0.1', at(i))).toEqual({ locked: false });
    }
    expect(await second.beginLogin('a@b.co', '10.0.0.1', at(3))).toEqual({ locked: true });
    expect(await first.beginLogin('a@b.co', '10.0.0.2', at(3))).toEqual({ locked: false }); // not from elsewhere
    expect(await first.beginLogin('other@b.co', '10.0.0.1', at(3))).toEqual({ locked: false });
    // a full window after the third
    expect(await first.beginLogin('a@b.co', '10.0.0.1', at(2 + 60_000))).toEqual({ locked: false });
    await second.loginSucceeded('a@b.co', '10.0.0.1');
    for (let i = 0; i < 3; i++)
      expect(await first.beginLogin('a@b.co', '10.0.0.1', at(60_001 + i))).toEqual({ locked: false });
  });

  it('locks an email after maxAccountFailures failures from any addresses, except for a known device', async () => {
    const { first, second } = twoInstances();
    for (let i = 0; i < 8; i++) {
      const address = `10.0.1.${i}`;
      expect((await first.beginLogin('a@b.co', address, at(i))).locked).toBe(false);
      await (i % 2 ? first : second).loginFailed('a@b.co', address, at(i));
    }
    expect((await second.beginLogin('a@b.co', '10.0.2.1', at(10))).locked).toBe(true);
    expect((await second.beginLogin('a@b.co', '10.0.2.1', at(10), true)).locked).toBe(false);
    expect((await second.beginLogin('other@b.co', '10.0.2.1', at(10))).locked).toBe(false);
    await first.loginSucceeded('a@b.co', '10.0.2.1'); // a success does not lift it: the guessing goes on elsewhere
    expect((await second.beginLogin('a@b.co', '10.0.2.2', at(11))).locked).toBe(true);
    expect((await second.beginLogin('a@b.co', '10.0.2.2', at(7 + 60_000))).locked).toBe(false);
  });

  it('locks an address after maxAddressFailures failed logins, whichever emails they named', async () => {
    const { first, second } = twoInstances();
    for (let i = 0; i < 5; i++) {
      expect((await first.beginLogin(`u${i}@b.co`, '10.0.0.1', at(i))).locked).toBe(false);
      await (i % 2 ? first : second).loginFailed(`u${i}@b.co`, '10.0.0.1', at(i));
    }
    expect((await second.beginLogin('fresh@b.co', '10.0.0.1', at(10))).locked).toBe(true);
    expect((await second.beginLogin('fresh@b.co', '10.0.0.2', at(10))).locked).toBe(false);
  });

  it('counts an IPv6 client by its /64, so changing address within it gains nothing', async () => {
    const { first } = twoInstances();
    for (let i = 1; i <= 5; i++) await first.loginFailed(`u${i}@b.co`, `2001:db8:1:2::${i}`, at(i));
    expect((await first.beginLogin('a@b.co', '2001:db8:1:2:ffff::9', at(10))).locked).toBe(true);
    expect((await first.beginLogin('a@b.co', '2001:db8:1:3::1', at(10))).locked).toBe(false);
  });

  it('allows mailsPerHour sign-up and reset mails per email across instances', async () => {
    const { first, second } = twoInstances();
    expect([
      await first.allowMail('a@b.co', at(0)),
      await second.allowMail('a@b.co', at(1)),
      await first.allowMail('a@b.co', at(2)),
    ]).toEqual([true, true, false]);
    expect(await second.allowMail('c@b.co', at(3))).toBe(true);
    expect(await first.allowMail('a@b.co', at(2 + 3_600_000))).toBe(true); // an hour after the refused one
  });

  it('allows postsPerMinute posts per address across instances', async () => {
    const { first, second } = twoInstances();
    expect([
      await first.allowPost('10.0.0.1', at(0)),
      await second.allowPost('10.0.0.1', at(1)),
      await first.allowPost('10.0.0.1', at(2)),
    ]).toEqual([true, true, false]);
    expect(await second.allowPost('10.0.0.2', at(3))).toBe(true);
    expect(await first.allowPost('10.0.0.1', at(60_002))).toBe(true); // a minute after the refused post
  });

  it('stores keyed hashes, never the email or the address', async () => {
    const { path, first } = twoInstances();
    await first.beginLogin('secreto@b.co', '203.0.113.7', at(0));
    await first.loginFailed('secreto@b.co', '203.0.113.7', at(0));
    await first.allowPost('203.0.113.7', at(0));
    const db = new DatabaseSync(path, { readOnly: true });
    const keys = (db.prepare('SELECT key FROM attempts').all() as { key: string }[]).map((row) => row.key);
    db.close();
    expect(keys).toHaveLength(4); // the email from the address, the address, the email, the posts
    for (const key of keys) expect(key).toMatch(/^[\w-]{43}$/);
    const other = new LoginThrottle(
      new SqliteAttemptStore(join(dir, 'other.sqlite')),
      new Uint8Array(32).fill(8),
      options,
    );
    await other.beginLogin('secreto@b.co', '203.0.113.7', at(0));
    const otherDb = new DatabaseSync(join(dir, 'other.sqlite'), { readOnly: true });
    const otherKey = (otherDb.prepare('SELECT key FROM attempts').get() as { key: string }).key;
    otherDb.close();
    // keyed: without the portal's key, a hash cannot be matched to a guessed email or address
    expect(keys).not.toContain(otherKey);
  });
});
