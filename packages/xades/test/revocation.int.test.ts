// Revocation against a real local CA: `openssl ca` issues and revokes, its CRL is served over HTTP and `openssl ocsp`
// answers on loopback. OCSP is asked first, the CRL when there is no responder; an unreachable CA is a soft-fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRevocationChecker, loadP12, XadesError, type SigningCredential } from '../src/index.ts';
import { startRevocationCa, type RevocationCa } from '../test-support/index.ts';

const NIT = '900123456';
let dir: string;
let ca: RevocationCa;
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
    expect(await createRevocationChecker().status(chain)).toEqual({ status: 'good', source: 'ocsp' });
    ca.revoke(issued.serialHex);
    const checker = createRevocationChecker();
    const revoked = await checker.status(chain);
    expect(revoked).toMatchObject({ status: 'revoked', source: 'ocsp' });
    const error = await checker.assertNotRevoked(chain).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(XadesError);
    expect((error as XadesError).code).toBe('CERT_REVOKED');
  });

  it('keeps a good answer for its lifetime, then asks again and sees the revocation', async () => {
    let now = Date.now();
    const checker = createRevocationChecker({ goodForMs: 60_000, now: () => new Date(now) });
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
    expect(await createRevocationChecker().status(chain)).toEqual({ status: 'good', source: 'crl' });
    ca.revoke(issued.serialHex);
    expect(await createRevocationChecker().status(chain)).toMatchObject({ status: 'revoked', source: 'crl' });
  });
});

describe('a certificate naming an OCSP responder only', { timeout: 60_000 }, () => {
  it('is revoked by OCSP', async () => {
    const issued = ca.issue('solo-ocsp', NIT, { ocsp: true });
    ca.revoke(issued.serialHex);
    expect(await createRevocationChecker().status(chainOf(issued))).toMatchObject({
      status: 'revoked',
      source: 'ocsp',
    });
  });
});

describe('what cannot be checked', { timeout: 60_000 }, () => {
  it('a certificate that names no source is not-published, and signs', async () => {
    const chain = chainOf(ca.issue('sin-fuentes', NIT, {}));
    expect(await createRevocationChecker().assertNotRevoked(chain)).toEqual({ status: 'not-published' });
  });

  it('a .p12 without its CA cannot be checked: unknown, not refused', async () => {
    const [leaf] = chainOf(ca.issue('sin-ca', NIT));
    expect(await createRevocationChecker().assertNotRevoked([leaf])).toMatchObject({ status: 'unknown' });
  });

  it('an unreachable CA is a soft-fail: unknown with the reasons, and signing goes on', async () => {
    const other = await startRevocationCa(join(dir, 'caida'));
    const chain = chainOf(other.issue('caida', NIT));
    await other.stop();
    const status = await createRevocationChecker({ timeoutMs: 1_000 }).assertNotRevoked(chain);
    expect(status).toMatchObject({ status: 'unknown' });
    expect((status as { reason: string }).reason).toContain(other.ocspUrl);
    expect((status as { reason: string }).reason).toContain(other.crlUrl);
  });
});
