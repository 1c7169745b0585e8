import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDirectory, sampleTenant, type TestClock } from '../../test-support/directory.ts';
import { generateApiKey } from '../api-keys/api-key.ts';
import type { TenancyError } from '../errors.ts';
import type { SqliteTenantDirectory } from './sqlite-tenant-directory.ts';

const code = (c: string) => expect.objectContaining({ code: c }) as TenancyError;

describe('SqliteTenantDirectory API keys', () => {
  let directory: SqliteTenantDirectory;
  let clock: TestClock;

  beforeEach(async () => {
    ({ directory, clock } = openDirectory());
    await directory.createTenant(sampleTenant('acme'));
    await directory.createTenant(sampleTenant('prod', '1'));
  });
  afterEach(() => directory.close());

  it('issues a fe_test_ key to a habilitación tenant and a fe_live_ key to a production one; each authenticates', async () => {
    const test = await directory.issueApiKey('acme');
    const live = await directory.issueApiKey('prod', 'live');
    expect(test).toMatch(/^fe_test_[0-9A-Za-z]{43}$/);
    expect(live).toMatch(/^fe_live_[0-9A-Za-z]{43}$/);
    expect(await directory.authenticate(test)).toEqual({ tenantId: 'acme' });
    expect(await directory.authenticate(live)).toEqual({ tenantId: 'prod' });
    expect(await directory.displayApiKey('acme')).toBe(test);
  });

  it('refuses a second current key, a prefix of the other environment and an unknown tenant', async () => {
    await directory.issueApiKey('acme');
    await expect(directory.issueApiKey('acme')).rejects.toThrowError(code('API_KEY_EXISTS'));
    await expect(directory.issueApiKey('prod', 'test')).rejects.toThrowError(code('API_KEY_ENVIRONMENT_MISMATCH'));
    await expect(directory.issueApiKey('nobody')).rejects.toThrowError(code('TENANT_NOT_FOUND'));
    expect(await directory.displayApiKey('prod')).toBeUndefined();
  });

  it('answers undefined for an unknown well-formed key', async () => {
    await directory.issueApiKey('acme');
    expect(await directory.authenticate(generateApiKey('test'))).toBeUndefined();
  });

  it('refuses malformed keys without touching the database', async () => {
    const key = await directory.issueApiKey('acme');
    directory.close(); // any query would now throw
    for (const malformed of ['', 'Bearer x', key.slice(0, -1), `${key}0`, key.replace('fe_test_', 'fe_prod_'), `fe_test_${'z'.repeat(43)}`]) {
      expect(await directory.authenticate(malformed)).toBeUndefined();
    }
    await expect(directory.authenticate(key)).rejects.toThrow();
    ({ directory } = openDirectory()); // for afterEach
  });

  it('keeps the old key working during the grace period after a rotation, and not after', async () => {
    const old = await directory.issueApiKey('acme');
    const fresh = await directory.rotateApiKey('acme', clock.now());
    expect(fresh).not.toBe(old);
    expect(fresh.startsWith('fe_test_')).toBe(true);
    expect(await directory.displayApiKey('acme')).toBe(fresh);

    clock.advanceHours(24 - 1 / 3600); // 23:59:59 later
    expect(await directory.authenticate(old)).toEqual({ tenantId: 'acme' });
    clock.advanceHours(1 / 3600); // exactly 24 h: the grace period is over
    expect(await directory.authenticate(old)).toBeUndefined();
    expect(await directory.authenticate(fresh)).toEqual({ tenantId: 'acme' });
  });

  it('takes a custom grace period, zero ending the old key at once, and refuses a negative one', async () => {
    const first = await directory.issueApiKey('acme');
    const second = await directory.rotateApiKey('acme', clock.now(), 2);
    clock.advanceHours(1.5);
    expect(await directory.authenticate(first)).toEqual({ tenantId: 'acme' });
    const third = await directory.rotateApiKey('acme', clock.now(), 0);
    expect(await directory.authenticate(second)).toBeUndefined();
    expect(await directory.authenticate(first)).toEqual({ tenantId: 'acme' }); // its own grace still runs
    expect(await directory.authenticate(third)).toEqual({ tenantId: 'acme' });
    await expect(directory.rotateApiKey('acme', clock.now(), -1)).rejects.toThrowError(code('GRACE_PERIOD_INVALID'));
    await expect(directory.rotateApiKey('acme', clock.now(), Number.NaN)).rejects.toThrowError(code('GRACE_PERIOD_INVALID'));
  });

  it('cannot rotate a tenant without a current key', async () => {
    await expect(directory.rotateApiKey('acme', clock.now())).rejects.toThrowError(code('API_KEY_NOT_FOUND'));
  });

  it('revokes every key of the tenant at once, those in grace included, and leaves other tenants alone', async () => {
    const old = await directory.issueApiKey('acme');
    const current = await directory.rotateApiKey('acme', clock.now());
    const other = await directory.issueApiKey('prod');
    expect(await directory.revokeApiKey('acme')).toBe(2);
    expect(await directory.authenticate(old)).toBeUndefined();
    expect(await directory.authenticate(current)).toBeUndefined();
    expect(await directory.displayApiKey('acme')).toBeUndefined();
    expect(await directory.authenticate(other)).toEqual({ tenantId: 'prod' });
    const next = await directory.issueApiKey('acme'); // after a revocation, a new key can be issued
    expect(await directory.authenticate(next)).toEqual({ tenantId: 'acme' });
  });
});
