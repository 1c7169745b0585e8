import { randomBytes } from 'node:crypto';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTenant, testClock } from '../../../test-support/directory.ts';
import { expectNoSecretIn } from '../../../test-support/secrets-at-rest.ts';
import { makeTestP12 } from '../../../test-support/test-p12.ts';
import type { TenancyError } from '../../errors.ts';
import { tenantDirectoryContract } from '../../../test-support/tenant-directory.contract.ts';
import { PostgresTenantDirectory, tenantDirectoryMigrations } from './postgres-tenant-directory.ts';

const code = (c: string) => expect.objectContaining({ code: c }) as TenancyError;
const at = new Date('2026-03-10T12:00:00Z');

// One schema for the file; each case starts from empty tables (the suite's "fresh, empty storage").
let db: TestSchema;
let processB: pg.Pool; // another pool on the same schema: "another process"
beforeAll(async () => {
  db = await freshTestSchema({ sets: [tenantDirectoryMigrations()] });
  processB = db.openPool();
});
afterAll(() => db?.drop());
const emptyTables = () =>
  db.pool.query('TRUNCATE tenants, resolutions, certificates, api_keys, trusted_cas, test_set_runs');

tenantDirectoryContract('postgres', async (now, p12Loader) => {
  await emptyTables();
  const masterKey = randomBytes(32);
  return {
    registry: new PostgresTenantDirectory({ pool: db.pool, masterKey, now, p12Loader }),
    another: async () => new PostgresTenantDirectory({ pool: processB, masterKey, now, p12Loader }),
    forgetStoredChains: async () => void (await db.pool.query('UPDATE certificates SET chain_pem = NULL')),
  };
});

describe('PostgresTenantDirectory secrets at rest', () => {
  it('sends the .p12, its password, the software PIN and the API keys only sealed: no row holds them in plaintext', async () => {
    await emptyTables();
    const masterKey = randomBytes(32);
    const directory = new PostgresTenantDirectory({ pool: db.pool, masterKey, now: testClock().now });
    const password = `clave-${randomBytes(8).toString('hex')}`;
    const pin = `pin-${randomBytes(6).toString('hex')}`;
    const p12 = makeTestP12({ password });
    const acme = sampleTenant('acme');
    await directory.createTenant({ ...acme, software: { ...acme.software, pin } });
    expect((await directory.profile('acme'))!.software.pin).toBe(pin); // the signer still gets it
    await directory.storeCertificate('acme', p12.p12, password, at);
    const first = await directory.issueApiKey('acme');
    const second = await directory.rotateApiKey('acme', at);
    // Every stored value of every table, as the server returns it (text and bytea alike).
    const dump = Buffer.concat(
      await Promise.all(
        ['tenants', 'resolutions', 'certificates', 'api_keys', 'trusted_cas'].map(async (table) => {
          const { rows } = await db.pool.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
          return Buffer.concat(
            rows.flatMap((row) =>
              Object.values(row).map((v) => (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v) ?? ''))),
            ),
          );
        }),
      ),
    );
    expectNoSecretIn(dump, { password, pin, apiKeys: [first, second], masterKey, p12: p12.p12 });
    await directory.close();
  });

  it('with another master key: SECRET_UNREADABLE for the credential, the displayed key and the profile; hashes still authenticate', async () => {
    await emptyTables();
    const first = new PostgresTenantDirectory({ pool: db.pool, masterKey: randomBytes(32) });
    const p12 = makeTestP12();
    await first.createTenant(sampleTenant('acme'));
    await first.storeCertificate('acme', p12.p12, p12.password, at);
    const key = await first.issueApiKey('acme');
    await first.close();
    const other = new PostgresTenantDirectory({ pool: processB, masterKey: randomBytes(32) });
    await expect(other.credential('acme', at)).rejects.toThrowError(code('SECRET_UNREADABLE'));
    await expect(other.displayApiKey('acme')).rejects.toThrowError(code('SECRET_UNREADABLE'));
    await expect(other.profile('acme')).rejects.toThrowError(code('SECRET_UNREADABLE'));
    expect(await other.authenticate(key)).toEqual({ tenantId: 'acme' });
    await other.close();
  });

  it('refuses a master key of the wrong length before any query', () => {
    expect(() => new PostgresTenantDirectory({ pool: db.pool, masterKey: randomBytes(16) })).toThrowError(
      code('MASTER_KEY_INVALID'),
    );
  });
});

describe('PostgresTenantDirectory on two replicas', () => {
  it('lets concurrent issues for one tenant make exactly one current key, and concurrent rotations a chain of grace periods', async () => {
    await emptyTables();
    const masterKey = randomBytes(32);
    const clock = testClock();
    const replicas = [db.pool, processB].map(
      (pool) => new PostgresTenantDirectory({ pool, masterKey, now: clock.now }),
    );
    await replicas[0]!.createTenant(sampleTenant('acme'));
    const issued = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => replicas[i % 2]!.issueApiKey('acme')));
    expect(issued.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(issued.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual(
      Array(5).fill(code('API_KEY_EXISTS')),
    );
    const rotated = await Promise.all(
      Array.from({ length: 4 }, (_, i) => replicas[i % 2]!.rotateApiKey('acme', clock.now())),
    );
    expect(new Set(rotated).size).toBe(4);
    const { rows } = await db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM api_keys WHERE tenant_id = $1 AND expires_at IS NULL AND revoked_at IS NULL',
      ['acme'],
    );
    expect(rows[0]!.n).toBe(1);
    const current = await replicas[1]!.displayApiKey('acme');
    expect(rotated).toContain(current);
    for (const key of rotated) expect(await replicas[0]!.authenticate(key)).toEqual({ tenantId: 'acme' }); // the others are in grace
  });
});
