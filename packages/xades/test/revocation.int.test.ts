// Revocation against a real local CA: `openssl ca` issues and revokes, its CRL is served over HTTP and `openssl ocsp`
// answers on loopback. OCSP is asked first, the CRL when there is no responder; an unreachable CA is a soft-fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import {
  createRevocationChecker,
  loadP12,
  readRevocationList,
  XadesError,
  type RevocationCheckerOptions,
  type SigningCredential,
} from '../src/index.ts';
import { startRevocationCa, type RevocationCa } from '../test-support/index.ts';

const NIT = '900123456';
let dir: string;
let ca: RevocationCa;
// The local CA listens on loopback, which a checker asks only when told to.
const local = (options: RevocationCheckerOptions = {}) => createRevocationChecker({ allowLocalUrls: true, ...options });
const chainOf = (issued: { p12: Buffer; password: string }): SigningCredential['chain'] =>
  loadP12(issued.p12, issued.password, new Date()).chain;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fe-revocation-'));
  ca = await startRevocationCa(dir);
}, 60_000);
afterAll(async () => {
  await ca?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a certificate naming an OCSP responder and a CRL', { timeout: 60_000 }, () => {
  it('is good by OCSP, then revoked by OCSP once its CA revokes it; the revocation is kept', async () => {
    const issued = ca.issue('ambos', NIT);
    const chain = chainOf(issued);
    expect(await local().status(chain)).toEqual({ status: 'good', source: 'ocsp' });
    ca.revoke(issued.serialHex);
    const checker = local();
    const revoked = await checker.status(chain);
    expect(revoked).toMatchObject({ status: 'revoked', source: 'ocsp' });
    const error = await checker.assertNotRevoked(chain).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(XadesError);
    expect((error as XadesError).code).toBe('CERT_REVOKED');
  });

  it('keeps a good answer for its lifetime, then asks again and sees the revocation', async () => {
    let now = Date.now();
    const checker = local({ goodForMs: 60_000, now: () => new Date(now) });
    const issued = ca.issue('cacheado', NIT);
    const chain = chainOf(issued);
    expect((await checker.status(chain)).status).toBe('good');
    ca.revoke(issued.serialHex);
    expect((await checker.status(chain)).status).toBe('good'); // within the minute: the cached answer
    now += 61_000;
    expect((await checker.status(chain)).status).toBe('revoked');
  });
});

describe('a certificate naming a CRL only', { timeout: 60_000 }, () => {
  it('is good while the CRL does not list it, revoked once it does', async () => {
    const issued = ca.issue('solo-crl', NIT, { crl: true });
    const chain = chainOf(issued);
    expect(await local().status(chain)).toEqual({ status: 'good', source: 'crl' });
    ca.revoke(issued.serialHex);
    expect(await local().status(chain)).toMatchObject({ status: 'revoked', source: 'crl' });
  });
});

describe('a certificate naming an OCSP responder only', { timeout: 60_000 }, () => {
  it('is revoked by OCSP', async () => {
    const issued = ca.issue('solo-ocsp', NIT, { ocsp: true });
    ca.revoke(issued.serialHex);
    expect(await local().status(chainOf(issued))).toMatchObject({
      status: 'revoked',
      source: 'ocsp',
    });
  });
});

describe('what cannot be checked', { timeout: 60_000 }, () => {
  it('a certificate that names no source is not-published, and signs', async () => {
    const chain = chainOf(ca.issue('sin-fuentes', NIT, {}));
    expect(await local().assertNotRevoked(chain)).toEqual({ status: 'not-published' });
  });

  it('a .p12 without its CA cannot be checked: unknown, not refused', async () => {
    const [leaf] = chainOf(ca.issue('sin-ca', NIT));
    expect(await local().assertNotRevoked([leaf])).toMatchObject({ status: 'unknown' });
  });

  it('an unreachable CA is a soft-fail: unknown with the reasons, and signing goes on', async () => {
    const other = await startRevocationCa(join(dir, 'caida'));
    const chain = chainOf(other.issue('caida', NIT));
    await other.stop();
    const status = await local({ timeoutMs: 1_000 }).assertNotRevoked(chain);
    expect(status).toMatchObject({ status: 'unknown' });
    expect((status as { reason: string }).reason).toContain(other.ocspUrl);
    expect((status as { reason: string }).reason).toContain(other.crlUrl);
  });
});

describe('what is not believed or not asked', { timeout: 60_000 }, () => {
  it('asks no loopback or private address unless told (a certificate anyone uploads names the URLs)', async () => {
    const chain = chainOf(ca.issue('local', NIT));
    const status = await createRevocationChecker().status(chain);
    expect(status).toMatchObject({ status: 'unknown' });
    expect((status as { reason: string }).reason).toContain('a local address, not asked');
  });

  it("takes a CRL only with its CA's signature, and reads no garbage as one", async () => {
    const caKey = new X509Certificate(ca.caPem).publicKey;
    const other = await startRevocationCa(join(dir, 'otra-ca'));
    try {
      expect(readRevocationList(Buffer.from(ca.crlPem()), caKey)).toBeDefined();
      expect(readRevocationList(Buffer.from(other.crlPem()), caKey)).toBeUndefined();
      const der = Buffer.from(ca.crlPem().replace(/-----[^-]+-----/g, ''), 'base64');
      for (const broken of [der.subarray(0, der.length - 20), Buffer.from('not a crl'), Buffer.alloc(0)])
        expect(readRevocationList(broken, caKey)).toBeUndefined();
      der.writeUInt8(der.readUInt8(der.length - 1) ^ 1, der.length - 1); // the signature's last bit
      expect(readRevocationList(der, caKey)).toBeUndefined();
    } finally {
      await other.stop();
    }
  });
});
