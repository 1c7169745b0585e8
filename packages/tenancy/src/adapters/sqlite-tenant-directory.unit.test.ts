import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoResolution } from '@fe/dian-domain';
import { openDirectory, sampleTenant, tempDbPath } from '../../test-support/directory.ts';
import { makeTestP12 } from '../../test-support/test-p12.ts';
import { makeDemoCertificates } from '../demo/demo-certificates.ts';
import type { TenancyError } from '../errors.ts';
import type { SqliteTenantDirectory } from './sqlite-tenant-directory.ts';

const code = (c: string) => expect.objectContaining({ code: c }) as TenancyError;
const at = new Date('2026-03-10T12:00:00Z');

describe('SqliteTenantDirectory tenants', () => {
  let directory: SqliteTenantDirectory;

  beforeEach(() => void ({ directory } = openDirectory()));
  afterEach(() => directory.close());

  it('returns the profile it was given, resolutions in order, and no certificate yet', async () => {
    const input = sampleTenant('acme');
    await directory.createTenant(input);
    expect(await directory.tenantExists('acme')).toBe(true);
    expect(await directory.profile('acme')).toEqual({
      tenant: input.tenant, environment: '2', software: input.software,
      resolutions: input.resolutions, activeResolutionId: 'acme-fe', hasCertificate: false,
    });
  });

  it('keeps a tenant without an active resolution', async () => {
    await directory.createTenant({ ...sampleTenant('plain', '1'), activeResolutionId: undefined });
    expect(await directory.profile('plain')).toMatchObject({ environment: '1', activeResolutionId: undefined });
  });

  it('answers undefined / false for an unknown tenant', async () => {
    expect(await directory.profile('nobody')).toBeUndefined();
    expect(await directory.tenantExists('nobody')).toBe(false);
  });

  it.each([
    ['a taken id', 'TENANT_EXISTS', () => sampleTenant('acme')],
    ['an id with a slash', 'TENANT_ID_INVALID', () => sampleTenant('a/b')],
    ['an empty id', 'TENANT_ID_INVALID', () => sampleTenant('')],
    ['a DV that does not match the NIT', 'TENANT_INVALID', () => ({ ...sampleTenant('x'), tenant: { ...sampleTenant('x').tenant, dv: 3 } })],
    ['a software provider DV that does not match', 'TENANT_INVALID', () => ({ ...sampleTenant('x'), software: { ...sampleTenant('x').software, providerDv: 0 } })],
    ['an active resolution not on file', 'TENANT_INVALID', () => ({ ...sampleTenant('x'), activeResolutionId: 'missing' })],
    ['two resolutions with one id', 'TENANT_INVALID', () => ({ ...sampleTenant('x'), resolutions: [demoResolution, demoResolution] })],
    ['an unknown environment', 'TENANT_INVALID', () => ({ ...sampleTenant('x'), environment: '3' as '1' })],
    ['an empty software PIN', 'TENANT_INVALID', () => ({ ...sampleTenant('x'), software: { ...sampleTenant('x').software, pin: '' } })],
  ])('refuses %s (%s), writing nothing', async (_, expected, make) => {
    await directory.createTenant(sampleTenant('acme'));
    await expect(directory.createTenant(make())).rejects.toThrowError(code(expected));
    expect(await directory.tenantExists('x')).toBe(false);
    expect((await directory.profile('acme'))!.resolutions).toHaveLength(2);
  });

  it('a cached profile follows its own writes at once, and another process\'s within a second', async () => {
    const path = tempDbPath();
    const service = openDirectory({ path });
    expect(await service.directory.profile('acme')).toBeUndefined(); // "unknown" is cached too
    await service.directory.createTenant(sampleTenant('acme'));
    expect((await service.directory.profile('acme'))!.hasCertificate).toBe(false);
    const p12 = makeTestP12();
    await service.directory.storeCertificate('acme', p12.p12, p12.password, at);
    expect((await service.directory.profile('acme'))!.hasCertificate).toBe(true);

    const cli = openDirectory({ path, masterKey: service.masterKey }); // another process on the same file
    await cli.directory.createTenant(sampleTenant('beta'));
    expect(await service.directory.tenantExists('beta')).toBe(true);
    const seenAt = Date.now();
    let profile = await service.directory.profile('beta');
    while (!profile && Date.now() - seenAt < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      profile = await service.directory.profile('beta');
    }
    expect(profile?.tenant.nit).toBe(sampleTenant('beta').tenant.nit);
    await cli.directory.close();
    await service.directory.close();
  });

  it('keeps everything across a reopen of the file with the same master key', async () => {
    const path = tempDbPath();
    const first = openDirectory({ path });
    await first.directory.createTenant(sampleTenant('acme'));
    const key = await first.directory.issueApiKey('acme');
    await first.directory.close();
    const again = openDirectory({ path, masterKey: first.masterKey });
    expect(await again.directory.authenticate(key)).toEqual({ tenantId: 'acme' });
    expect(await again.directory.displayApiKey('acme')).toBe(key);
    expect((await again.directory.profile('acme'))!.activeResolutionId).toBe('acme-fe');
    await again.directory.close();
  });
});

describe('SqliteTenantDirectory trusted CAs', () => {
  let directory: SqliteTenantDirectory;
  const { caPem, leafPem } = makeDemoCertificates({ nit: '900123456', legalName: 'EMPRESA DEMO S.A.S.' }, at);

  beforeEach(async () => {
    ({ directory } = openDirectory());
    await directory.createTenant(sampleTenant('acme'));
  });
  afterEach(() => directory.close());

  it('records a CA once, whatever its line breaks, and lists it for everyone and for its tenant', async () => {
    await directory.addTrustedCa('acme', caPem);
    await directory.addTrustedCa('acme', caPem.replace(/\r?\n/g, '\r\n'));
    const pems = await directory.trustedCaPems();
    expect(pems).toHaveLength(1);
    expect(pems[0]!.replace(/\s/g, '')).toBe(caPem.replace(/\s/g, ''));
    expect(await directory.trustedCaPems('acme')).toEqual(pems);
    expect(await directory.trustedCaPems('other')).toEqual([]);
  });

  it('refuses a leaf certificate, two certificates at once, garbage and an unknown tenant', async () => {
    await expect(directory.addTrustedCa('acme', leafPem)).rejects.toThrowError(code('CA_CERTIFICATE_INVALID'));
    await expect(directory.addTrustedCa('acme', caPem + caPem)).rejects.toThrowError(code('CA_CERTIFICATE_INVALID'));
    await expect(directory.addTrustedCa('acme', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).rejects.toThrowError(code('CA_CERTIFICATE_INVALID'));
    await expect(directory.addTrustedCa('nobody', caPem)).rejects.toThrowError(code('TENANT_NOT_FOUND'));
    expect(await directory.trustedCaPems()).toEqual([]);
  });
});

describe('SqliteTenantDirectory secrets at rest', () => {
  it('never writes the .p12, its password, the software PIN, an API key or the master key in plaintext', async () => {
    const password = `clave-${randomBytes(8).toString('hex')}`;
    const pin = `pin-${randomBytes(6).toString('hex')}`;
    const p12 = makeTestP12({ password });
    const opened = openDirectory();
    const { directory, path } = opened;
    const masterKey = Buffer.from(opened.masterKey);
    const acme = sampleTenant('acme');
    await directory.createTenant({ ...acme, software: { ...acme.software, pin } });
    expect((await directory.profile('acme'))!.software.pin).toBe(pin); // the signer still gets it
    await directory.storeCertificate('acme', p12.p12, password, at);
    const first = await directory.issueApiKey('acme');
    const second = await directory.rotateApiKey('acme', at);
    const before = filesOf(path); // while open: the WAL holds the writes
    await directory.close();
    for (const bytes of [before, filesOf(path)]) {
      expect(bytes.includes('acme')).toBe(true); // the search works: the tenant id is there
      for (const secret of [password, pin, first, second, first.slice(8), second.slice(8), masterKey.toString('base64')]) {
        expect(bytes.includes(secret), 'a secret in the file').toBe(false);
      }
      expect(bytes.includes(masterKey)).toBe(false);
      for (let offset = 0; offset + 32 <= p12.p12.length; offset += 256) {
        expect(bytes.includes(p12.p12.subarray(offset, offset + 32))).toBe(false);
      }
    }
  });

  it('with another master key: SECRET_UNREADABLE for the credential and the displayed key, hashes still authenticate', async () => {
    const path = tempDbPath();
    const first = openDirectory({ path });
    const p12 = makeTestP12();
    await first.directory.createTenant(sampleTenant('acme'));
    await first.directory.storeCertificate('acme', p12.p12, p12.password, at);
    const key = await first.directory.issueApiKey('acme');
    await first.directory.close();
    const other = openDirectory({ path });
    await expect(other.directory.credential('acme', at)).rejects.toThrowError(code('SECRET_UNREADABLE'));
    await expect(other.directory.displayApiKey('acme')).rejects.toThrowError(code('SECRET_UNREADABLE'));
    await expect(other.directory.profile('acme')).rejects.toThrowError(code('SECRET_UNREADABLE')); // its software PIN
    expect(await other.directory.authenticate(key)).toEqual({ tenantId: 'acme' });
    await other.directory.close();
  });

  it('refuses a master key of the wrong length before opening the file', () => {
    const path = tempDbPath();
    expect(() => openDirectory({ path, masterKey: randomBytes(16) })).toThrowError(code('MASTER_KEY_INVALID'));
    expect(existsSync(path)).toBe(false);
  });
});

function filesOf(path: string): Buffer {
  return Buffer.concat(['', '-wal', '-shm'].filter((suffix) => existsSync(path + suffix)).map((suffix) => readFileSync(path + suffix)));
}
