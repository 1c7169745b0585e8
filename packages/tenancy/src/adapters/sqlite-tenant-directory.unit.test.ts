import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { createP12Loader } from '@fe/xades';
import { afterAll, describe, expect, it } from 'vitest';
import { openDirectory, sampleTenant, tempDbPath } from '../../test-support/directory.ts';
import { expectNoSecretIn } from '../../test-support/secrets-at-rest.ts';
import { makeTestP12 } from '../../test-support/test-p12.ts';
import type { TenancyError } from '../errors.ts';
import { tenantDirectoryContract } from '../../test-support/tenant-directory.contract.ts';
import { SqliteTenantDirectory } from './sqlite-tenant-directory.ts';

const code = (c: string) => expect.objectContaining({ code: c }) as TenancyError;
const at = new Date('2026-03-10T12:00:00Z');

tenantDirectoryContract('sqlite (file, WAL)', async (now, p12Loader) => {
  const path = tempDbPath();
  const masterKey = randomBytes(32);
  const open = async () => new SqliteTenantDirectory({ path, masterKey, now, p12Loader });
  const forgetStoredChains = async () => {
    const db = new DatabaseSync(path);
    db.exec('UPDATE certificates SET chain_pem = NULL');
    db.close();
  };
  return { registry: await open(), another: open, forgetStoredChains };
});

describe('SqliteTenantDirectory credential cache', () => {
  it('loads a credential once and serves that object until a new certificate is stored', async () => {
    const { directory } = openDirectory();
    await directory.createTenant(sampleTenant('acme'));
    const good = makeTestP12();
    await directory.storeCertificate('acme', good.p12, good.password, at);
    const first = await directory.credential('acme', at);
    expect(await directory.credential('acme', new Date('2030-01-01T00:00:00Z'))).toBe(first);
    const next = makeTestP12();
    await directory.storeCertificate('acme', next.p12, next.password, at);
    expect(await directory.credential('acme', at)).not.toBe(first);
    await directory.close();
  });
});

describe('SqliteTenantDirectory key derivation', { timeout: 60_000 }, () => {
  // The loader's `opened` counts the files that reached a worker: each is one round of PKCS#12 key derivations.
  const loader = createP12Loader({ size: 1 });
  afterAll(() => loader.close());

  it('derives a stored .p12 once: at upload, then once per restart, shared by concurrent first invoices', async () => {
    const path = tempDbPath();
    const masterKey = randomBytes(32);
    const open = () => new SqliteTenantDirectory({ path, masterKey, p12Loader: loader });
    const good = makeTestP12();
    const first = open();
    await first.createTenant(sampleTenant('acme'));
    const start = loader.opened;
    await first.storeCertificate('acme', good.p12, good.password, at);
    for (let i = 0; i < 20; i++) await first.credential('acme', at);
    expect(loader.opened - start).toBe(1); // the upload's own load serves the invoices after it
    await first.close();

    const restarted = open();
    const credentials = await Promise.all(Array.from({ length: 30 }, () => restarted.credential('acme', at)));
    for (let i = 0; i < 20; i++) await restarted.credential('acme', new Date(at.getTime() + i * 86_400_000));
    expect(loader.opened - start).toBe(2);
    expect(new Set(credentials).size).toBe(1);
    await restarted.close();
  });

  it('derives a certificate that has since expired once, refusing every later invoice with CERT_EXPIRED', async () => {
    const path = tempDbPath();
    const masterKey = randomBytes(32);
    const open = () => new SqliteTenantDirectory({ path, masterKey, p12Loader: loader });
    const short = makeTestP12({ notAfter: new Date('2026-06-01T00:00:00Z') });
    const first = open();
    await first.createTenant(sampleTenant('acme'));
    await first.storeCertificate('acme', short.p12, short.password, at);
    await first.close();

    const restarted = open();
    const start = loader.opened;
    const later = new Date('2026-07-01T00:00:00Z');
    for (let i = 0; i < 10; i++)
      await expect(restarted.credential('acme', later)).rejects.toThrowError(code('CERT_EXPIRED'));
    expect(await restarted.credential('acme', at)).toBeDefined(); // still signs for an instant it covers
    expect(loader.opened - start).toBe(1);
    await restarted.close();
  });

  it('upgrades a version 5 file, whose certificates have no chain column: its chain is derived once, then kept', async () => {
    const path = tempDbPath();
    const masterKey = randomBytes(32);
    const open = () => new SqliteTenantDirectory({ path, masterKey, p12Loader: loader });
    const good = makeTestP12();
    const first = open();
    await first.createTenant(sampleTenant('acme'));
    await first.storeCertificate('acme', good.p12, good.password, at);
    await first.close();
    const old = new DatabaseSync(path);
    old.exec('ALTER TABLE certificates DROP COLUMN chain_pem; PRAGMA user_version = 5;'); // as version 5 wrote it
    old.close();

    const start = loader.opened;
    const upgraded = open();
    expect((await upgraded.certificateChain('acme'))!.chain[0].serialNumber).toBe(good.serialNumber);
    expect(loader.opened - start).toBe(1);
    await upgraded.close();
    const later = open();
    expect(await later.certificateRevocation('acme', at)).toEqual({ status: 'not-published' });
    expect(loader.opened - start).toBe(1);
    await later.close();
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
    for (const bytes of [before, filesOf(path)])
      expectNoSecretIn(bytes, { password, pin, apiKeys: [first, second], masterKey, p12: p12.p12 });
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
  return Buffer.concat(
    ['', '-wal', '-shm'].filter((suffix) => existsSync(path + suffix)).map((suffix) => readFileSync(path + suffix)),
  );
}
