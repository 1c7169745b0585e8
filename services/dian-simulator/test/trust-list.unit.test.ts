// The simulator's trust list: a folder of CA certificates an operator adds to (`pnpm fe dian-simulator trust add`),
// read again by a running trust store when a certificate is not trusted, and chains through listed intermediates.
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToTrustFolder,
  createTrustStore,
  readTrustFolder,
  removeFromTrustFolder,
  seedTrustFolder,
  TrustListError,
} from '../src/index.ts';

let dir: string;
const pem = (name: string) => readFileSync(join(dir, `${name}.pem`), 'utf8');
const cert = (name: string) => new X509Certificate(pem(name));

function openssl(args: string[]): void {
  const run = spawnSync('openssl', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, OPENSSL_CONF: '/dev/null' },
  });
  if (run.status !== 0) throw new Error(`openssl ${args[0]} failed: ${run.stderr}`);
}

/** A P-256 key and a certificate for `cn`: self-signed, or signed by `issuer` (CA or leaf). */
function issue(name: string, cn: string, options: { issuer?: string; ca: boolean; days: number }): void {
  const ext = join(dir, `${name}.ext`);
  writeFileSync(
    ext,
    options.ca
      ? 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n'
      : 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n',
  );
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `${name}.key`];
  if (!options.issuer) {
    openssl(['req', '-x509', ...key, '-out', `${name}.pem`, '-days', String(options.days), '-subj', `/CN=${cn}`]);
    openssl([
      'x509',
      '-in',
      `${name}.pem`,
      '-signkey',
      `${name}.key`,
      '-extfile',
      ext,
      '-days',
      String(options.days),
      '-out',
      `${name}.pem`,
    ]);
    return;
  }
  openssl(['req', '-new', ...key, '-out', `${name}.csr`, '-subj', `/CN=${cn}`]);
  openssl([
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${options.issuer}.pem`,
    '-CAkey',
    `${options.issuer}.key`,
    '-CAcreateserial',
    '-days',
    String(options.days),
    '-extfile',
    ext,
    '-out',
    `${name}.pem`,
  ]);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trust-list-'));
  issue('root', 'Raiz de Pruebas', { ca: true, days: 365 });
  issue('intermediate', 'Intermedia de Pruebas', { issuer: 'root', ca: true, days: 30 });
  issue('leaf', 'Empresa 900373115', { issuer: 'intermediate', ca: false, days: 90 });
  issue('other-root', 'Otra Raiz', { ca: true, days: 365 });
  issue('other-leaf', 'Otra Empresa 900108281', { issuer: 'other-root', ca: false, days: 90 });
  // The same name as the root, another key: its leaf names a listed CA that did not sign it.
  issue('impostor-root', 'Raiz de Pruebas', { ca: true, days: 365 });
  issue('impostor-leaf', 'Impostor 900373115', { issuer: 'impostor-root', ca: false, days: 90 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the trust list folder', () => {
  it('adds each CA of a file once, owner-only, and names a file that holds none', () => {
    const folder = join(dir, 'list-1');
    const first = addToTrustFolder(folder, pem('root') + pem('intermediate'));
    expect(first.added.map((ca) => ca.subject)).toEqual(['CN=Raiz de Pruebas', 'CN=Intermedia de Pruebas']);
    expect(first.added[0]!.file).toMatch(/^raiz-de-pruebas-[0-9a-f]{16}\.pem$/);
    expect(statSync(join(folder, first.added[0]!.file)).mode & 0o777).toBe(0o600);
    const again = addToTrustFolder(folder, pem('root'));
    expect([again.added, again.already.map((ca) => ca.fingerprint)]).toEqual([[], [cert('root').fingerprint256]]);
    writeFileSync(join(folder, 'notes.pem'), 'not a certificate');
    writeFileSync(join(folder, 'README.txt'), 'ignored');
    const read = readTrustFolder(folder);
    expect(read.cas).toHaveLength(2);
    expect(read.problems).toEqual([{ file: 'notes.pem', problem: 'no-ca-certificate' }]);
  });

  it('refuses a file with no certificate, or with one that is not a CA, adding nothing', () => {
    const folder = join(dir, 'list-2');
    const refusal = (text: string): { code: string; message: string } | undefined => {
      try {
        addToTrustFolder(folder, text);
        return undefined;
      } catch (error) {
        if (!(error instanceof TrustListError)) throw error;
        return { code: error.code, message: error.message };
      }
    };
    expect(refusal('-----BEGIN PRIVATE KEY-----')?.code).toBe('TRUST_NO_CERTIFICATE');
    expect(refusal(pem('root') + pem('leaf'))).toEqual({
      code: 'TRUST_NOT_A_CA',
      message: expect.stringContaining('Empresa 900373115'),
    });
    expect(readTrustFolder(folder).cas).toEqual([]);
  });

  it('removes a CA by its file or fingerprint; a shared file keeps its other CAs; an unknown name is refused', () => {
    const folder = join(dir, 'list-5');
    const { added } = addToTrustFolder(folder, pem('root') + pem('intermediate'));
    writeFileSync(join(folder, 'operator.pem'), pem('other-root') + pem('impostor-root'));
    const refusal = (which: string) => {
      try {
        removeFromTrustFolder(folder, which);
        return undefined;
      } catch (error) {
        if (!(error instanceof TrustListError)) throw error;
        return error.code;
      }
    };
    expect(refusal('nada.pem')).toBe('TRUST_NOT_LISTED');
    expect(refusal('ab')).toBe('TRUST_NOT_LISTED'); // too short a start to name a CA
    expect(removeFromTrustFolder(folder, added[0]!.file).map((ca) => ca.subject)).toEqual(['CN=Raiz de Pruebas']);
    const other = cert('other-root').fingerprint256;
    expect(removeFromTrustFolder(folder, other.toLowerCase().slice(0, 20)).map((ca) => ca.fingerprint)).toEqual([
      other,
    ]);
    expect(readdirSync(folder).sort()).toEqual([added[1]!.file, 'operator.pem'].sort());
    expect(
      readTrustFolder(folder)
        .cas.map((ca) => ca.subject)
        .sort(),
    ).toEqual(['CN=Intermedia de Pruebas', 'CN=Raiz de Pruebas']);
    expect(readTrustFolder(folder).cas.find((ca) => ca.file === 'operator.pem')?.fingerprint).toBe(
      cert('impostor-root').fingerprint256,
    );
  });

  it('is seeded once: a folder the operator emptied stays empty', () => {
    const folder = join(dir, 'list-3');
    seedTrustFolder(folder, pem('root'));
    expect(readdirSync(folder)).toHaveLength(1);
    rmSync(join(folder, readdirSync(folder)[0]!));
    seedTrustFolder(folder, pem('root'));
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('the trust store on a folder', () => {
  // A day into the certificates' validity: they are made after this line runs, and openssl's notBefore is "now".
  const now = new Date(Date.now() + 86_400_000);

  it('trusts a CA added while it runs from the next check, with no new store', () => {
    const folder = join(dir, 'list-4');
    seedTrustFolder(folder, pem('root') + pem('intermediate'));
    const store = createTrustStore([], { folder });
    expect(store.check(cert('leaf'), now)).toBe('trusted');
    expect(store.check(cert('other-leaf'), now)).toBe('untrusted');
    addToTrustFolder(folder, pem('other-root'));
    expect(store.check(cert('other-leaf'), now)).toBe('trusted');
    expect(store.check(cert('leaf'), now)).toBe('trusted');
  });

  it('no longer trusts a removed CA once started again', () => {
    const folder = join(dir, 'list-6');
    const { added } = addToTrustFolder(folder, pem('other-root'));
    expect(createTrustStore([], { folder }).check(cert('other-leaf'), now)).toBe('trusted');
    removeFromTrustFolder(folder, added[0]!.fingerprint);
    expect(createTrustStore([], { folder }).check(cert('other-leaf'), now)).toBe('untrusted');
  });

  it('chains a certificate through a listed intermediate to a listed root, each valid at the instant', () => {
    const store = createTrustStore([pem('root'), pem('intermediate')]);
    expect(store.check(cert('leaf'), now)).toBe('trusted');
    // The intermediate (30 days) has expired by then, the certificate (90 days) has not.
    expect(store.check(cert('leaf'), new Date(now.getTime() + 60 * 86_400_000))).toBe('not-valid-at');
  });

  it("does not trust a certificate whose issuing intermediate is not listed; one a listed CA's namesake signed has no chain", () => {
    const rootOnly = createTrustStore([pem('root')]);
    expect(rootOnly.check(cert('leaf'), now)).toBe('untrusted');
    expect(rootOnly.check(cert('intermediate'), now)).toBe('trusted');
    expect(rootOnly.check(cert('impostor-leaf'), now)).toBe('no-chain');
  });
});
