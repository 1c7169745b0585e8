import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SignerError } from '@fe/signer';
import { openDirectory, sampleTenant, tempDbPath } from '../../test-support/directory.ts';
import { makeTestP12 } from '../../test-support/test-p12.ts';
import type { TenancyError } from '../errors.ts';
import type { SqliteTenantDirectory } from './sqlite-tenant-directory.ts';

const code = (c: string) => expect.objectContaining({ code: c }) as SignerError | TenancyError;
const at = new Date('2026-03-10T12:00:00Z');
const good = makeTestP12({ password: 'buena-clave' });

describe('SqliteTenantDirectory certificates', () => {
  let directory: SqliteTenantDirectory;

  beforeEach(async () => {
    ({ directory } = openDirectory());
    await directory.createTenant(sampleTenant('acme'));
  });
  afterEach(() => directory.close());

  it('stores a qualifying .p12 and returns its public summary; the profile shows a certificate on file', async () => {
    expect((await directory.profile('acme'))!.hasCertificate).toBe(false);
    const summary = await directory.storeCertificate('acme', good.p12, good.password, at);
    expect(summary).toMatchObject({ serialNumber: good.serialNumber, notAfter: new Date(Date.UTC(2035, 0, 1)) });
    expect(summary.subjectName).toContain('Tenencia de Pruebas S.A.S.');
    expect((await directory.profile('acme'))!.hasCertificate).toBe(true);
    expect((await directory.credential('acme', at))!.chain[0].serialNumber).toBe(good.serialNumber);
  });

  it.each([
    ['a wrong password', () => ({ ...good, password: 'otra-clave' }), 'P12_WRONG_PASSWORD'],
    ['no private key', () => makeTestP12({ withKey: false }), 'P12_NO_PRIVATE_KEY'],
    ['bytes that are no .p12', () => ({ ...good, p12: Buffer.from('not a pkcs12 file') }), 'P12_UNREADABLE'],
    ['an expired certificate', () => makeTestP12({ notBefore: new Date('2020-01-01'), notAfter: new Date('2025-01-01') }), 'CERT_EXPIRED'],
    ['a certificate not valid yet', () => makeTestP12({ notBefore: new Date('2027-01-01') }), 'CERT_NOT_YET_VALID'],
    ['no digitalSignature usage', () => makeTestP12({ keyUsage: { keyEncipherment: true, nonRepudiation: true } }), 'CERT_NO_DIGITAL_SIGNATURE'],
    ['no nonRepudiation usage', () => makeTestP12({ keyUsage: { digitalSignature: true } }), 'CERT_NO_NON_REPUDIATION'],
    ['an RSA-1024 key', () => makeTestP12({ bits: 1024 }), 'CERT_KEY_TOO_SMALL'],
  ])('refuses %s with the signer code, storing nothing', async (_, make, expected) => {
    const bad = make();
    await expect(directory.storeCertificate('acme', bad.p12, bad.password, at)).rejects.toThrowError(code(expected));
    expect((await directory.profile('acme'))!.hasCertificate).toBe(false);
    expect(await directory.credential('acme', at)).toBeUndefined();
  });

  it('never puts the password in a refusal', async () => {
    const error = await directory.storeCertificate('acme', good.p12, 'clave-secreta-equivocada', at).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'P12_WRONG_PASSWORD' });
    expect(String((error as Error).message)).not.toContain('clave-secreta-equivocada');
  });

  it('refuses a certificate for an unknown tenant', async () => {
    await expect(directory.storeCertificate('nobody', good.p12, good.password, at)).rejects.toThrowError(code('TENANT_NOT_FOUND'));
  });

  it('loads the credential once and serves it from the cache, still checking validity at each instant', async () => {
    await directory.storeCertificate('acme', good.p12, good.password, at);
    const first = await directory.credential('acme', at);
    expect(await directory.credential('acme', new Date('2030-01-01T00:00:00Z'))).toBe(first);
    await expect(directory.credential('acme', new Date('2036-01-01T00:00:00Z'))).rejects.toThrowError(code('CERT_EXPIRED'));
    await expect(directory.credential('acme', new Date('2023-01-01T00:00:00Z'))).rejects.toThrowError(code('CERT_NOT_YET_VALID'));
    expect(await directory.credential('acme', at)).toBe(first);
  });

  it('drops the cached credential when a new certificate is stored', async () => {
    await directory.storeCertificate('acme', good.p12, good.password, at);
    const first = await directory.credential('acme', at);
    const next = makeTestP12();
    await directory.storeCertificate('acme', next.p12, next.password, at);
    const second = await directory.credential('acme', at);
    expect(second).not.toBe(first);
    expect(second!.chain[0].serialNumber).toBe(next.serialNumber);
  });

  it('notices a certificate stored by another process on the same file', async () => {
    const path = tempDbPath();
    const { directory: a, masterKey } = openDirectory({ path });
    const { directory: b } = openDirectory({ path, masterKey });
    await a.createTenant(sampleTenant('shared'));
    await a.storeCertificate('shared', good.p12, good.password, at);
    expect((await a.credential('shared', at))!.chain[0].serialNumber).toBe(good.serialNumber);
    const next = makeTestP12();
    await b.storeCertificate('shared', next.p12, next.password, at);
    expect((await a.credential('shared', at))!.chain[0].serialNumber).toBe(next.serialNumber);
    await Promise.all([a.close(), b.close()]);
  });

  it('answers undefined for a tenant without a certificate or an unknown tenant', async () => {
    expect(await directory.credential('acme', at)).toBeUndefined();
    expect(await directory.credential('nobody', at)).toBeUndefined();
  });
});
