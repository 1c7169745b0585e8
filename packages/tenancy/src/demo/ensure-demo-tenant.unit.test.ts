import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { buildCase, CASE_ISSUED_AT, invoiceCases } from '@fe/dian-domain/testing';
import { createXadesSigner, verifySignedInvoice } from '@fe/xades';
import { openDirectory, tempDbPath, testClock } from '../../test-support/directory.ts';
import { ensureDemoTenant } from './ensure-demo-tenant.ts';
import { makeDemoCertificates } from './demo-certificates.ts';

// The fixtures' issue instant (2026-03-10T15:15Z) falls inside a certificate made at this instant.
const now = new Date('2026-03-10T12:00:00Z');
const DAY_MS = 86_400_000;

describe('ensureDemoTenant', () => {
  it('creates the habilitación demo tenant with the public test range, a certificate and a fe_test_ key', async () => {
    const { directory } = openDirectory({ clock: testClock(now) });
    const demo = await ensureDemoTenant(directory, { now });
    expect(demo.created).toBe(true);
    expect(demo.issuedApiKey).toMatch(/^fe_test_[0-9A-Za-z]{43}$/);
    expect(await directory.authenticate(demo.issuedApiKey!)).toEqual({ tenantId: 'demo' });
    expect(await directory.profile('demo')).toEqual({
      tenant: demoTenant,
      environment: '2',
      software: demoSoftware,
      resolutions: [demoResolution],
      activeResolutionId: demoResolution.id,
      hasCertificate: true,
    });
    expect(await directory.trustedCaPems()).toEqual([demo.caPem]);
    await directory.close();
  });

  it('refuses with SECRET_UNREADABLE a start whose master key is not the one the demo tenant was sealed with', async () => {
    const { directory, path } = openDirectory({ clock: testClock(now) });
    await ensureDemoTenant(directory, { now });
    await directory.close();
    const other = openDirectory({ path, clock: testClock(now) });
    await expect(ensureDemoTenant(other.directory, { now })).rejects.toMatchObject({ code: 'SECRET_UNREADABLE' });
    await other.directory.close();
  });

  it('issues the leaf from the CA: tenant name and NIT, signature usages, validity now − 1 day … now + 2 years', async () => {
    const { directory } = openDirectory();
    const demo = await ensureDemoTenant(directory, { now });
    const ca = new X509Certificate(demo.caPem);
    const leaf = new X509Certificate((await directory.credential('demo', now))!.chain[0].der);
    expect(ca.ca).toBe(true);
    expect(ca.checkIssued(ca) && ca.verify(ca.publicKey)).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkIssued(ca) && leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.subject).toContain('CN=EMPRESA DEMO S.A.S.');
    expect(leaf.subject).toContain('serialNumber=900123456');
    expect(leaf.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(new Date(leaf.validFrom).getTime()).toBe(Math.floor((now.getTime() - DAY_MS) / 1000) * 1000);
    expect(new Date(leaf.validTo).toISOString()).toBe('2028-03-10T12:00:00.000Z');
    const serial = BigInt(`0x${leaf.serialNumber}`);
    expect(serial > 0n && serial < 1n << 63n).toBe(true);
    await directory.close();
  });

  it('creates once: a reopened file keeps the same key, without returning it, and the same CA', async () => {
    const path = tempDbPath();
    const first = openDirectory({ path });
    const created = await ensureDemoTenant(first.directory, { now });
    await first.directory.close();
    const again = openDirectory({ path, masterKey: first.masterKey });
    const later = new Date(now.getTime() + 90 * DAY_MS);
    const reopened = await ensureDemoTenant(again.directory, { now: later });
    expect(reopened).toEqual({ created: false, issuedApiKey: undefined, caPem: created.caPem });
    expect(await again.directory.displayApiKey('demo')).toBe(created.issuedApiKey);
    expect(await again.directory.trustedCaPems()).toEqual([created.caPem]);
    await again.directory.close();
  });

  it('signs an invoice the verifier accepts with the CA as trusted, and not with another CA', async () => {
    const { directory } = openDirectory();
    const demo = await ensureDemoTenant(directory, { now });
    const credential = (await directory.credential('demo', CASE_ISSUED_AT))!;
    const built = buildCase(invoiceCases[0]!.request, '990000001', CASE_ISSUED_AT);
    const signed = createXadesSigner(credential).sign(built.xml, { signingTime: CASE_ISSUED_AT });
    const report = verifySignedInvoice(signed.xml, {
      trustedPem: demo.caPem,
      technicalKey: demoResolution.technicalKey,
    });
    expect(report.checks.filter((check) => check.ok === false)).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.checks.find((check) => check.name === 'chain')).toMatchObject({ ok: true });
    const stranger = makeDemoCertificates(demoTenant, now).caPem;
    const untrusted = verifySignedInvoice(signed.xml, { trustedPem: stranger });
    expect(untrusted.checks.find((check) => check.name === 'chain')).toMatchObject({ ok: false });
    await directory.close();
  });

  it('replaces a certificate within 30 days of expiry with a new CA and leaf, keeping the key and the old CA trusted', async () => {
    const { directory } = openDirectory();
    const first = await ensureDemoTenant(directory, { now });
    const nearExpiry = new Date('2028-02-20T00:00:00Z');
    const renewed = await ensureDemoTenant(directory, { now: nearExpiry });
    expect(renewed.created).toBe(false);
    expect(renewed.issuedApiKey).toBeUndefined();
    expect(await directory.displayApiKey('demo')).toBe(first.issuedApiKey);
    expect(renewed.caPem).not.toBe(first.caPem);
    expect(await directory.trustedCaPems()).toEqual([first.caPem, renewed.caPem]);
    const leaf = (await directory.credential('demo', nearExpiry))!.chain[0];
    expect(leaf.notAfter.toISOString()).toBe('2030-02-20T00:00:00.000Z');
    await directory.close();
  });

  it('completes a start that stopped after creating the tenant', async () => {
    const { directory } = openDirectory();
    await directory.createTenant({
      tenant: demoTenant,
      environment: '2',
      software: demoSoftware,
      resolutions: [demoResolution],
      activeResolutionId: demoResolution.id,
    });
    const demo = await ensureDemoTenant(directory, { now });
    expect(demo.created).toBe(false);
    // issued by this start: shown by it
    expect(await directory.authenticate(demo.issuedApiKey!)).toEqual({ tenantId: 'demo' });
    expect((await directory.profile('demo'))!.hasCertificate).toBe(true);
    await directory.close();
  });
});
