// A company whose certificate names its CA's CRL and OCSP responder (a real local CA: openssl ca, its CRL and openssl
// ocsp on loopback), on the embedded shape: a revoked .p12 is refused at upload in Spanish beside the file; a good one
// issues an invoice DIAN (the built-in simulator, trusting the CA) accepts; once the CA revokes it the API refuses the
// next document with CERT_REVOKED, the readiness check says why, the portal shows it on every page and the account
// gets one mail.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addToTrustFolder, TRUST_FOLDER } from '@fe/dian-simulator';
import { demoResolution, nitCheckDigit } from '@fe/dian-domain';
import { startRevocationCa, type RevocationCa } from '@fe/xades/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailsTo } from '../test-support/outbox.ts';
import { errorCodeOf, PortalClient } from '../test-support/portal-client.ts';
import { PASSWORD, SOFTWARE_PIN } from '../test-support/portal-steps.ts';
import { until } from '../test-support/until.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

const email = 'tesoreria@revocada.example';
const company = { legalName: 'Firma Revocada S.A.S.', nit: '901555777' };
const dv = String(nitCheckDigit(company.nit));
const env = {
  FE_PORTAL_CERTIFICATE_SWEEP_MS: '200',
  FE_CERTIFICATE_REVOCATION_CACHE_SECONDS: '1',
  FE_CERTIFICATE_REVOCATION_LOCAL_URLS: 'allow', // the test's CA is on loopback
  // A failed signature is tried again 1.5 s, 3 s and 6 s later: time for a revocation to land between two tries.
  SIGNER_MAX_ATTEMPTS: '4',
  SIGNER_RETRY_BACKOFF_MS: '1500',
};
const revokedMails = (world: World) =>
  outboxMailsTo(join(world.dataDir, 'outbox'), email).filter((m) => m.subject.includes('fue revocado'));

describe('a certificate its CA revokes', { timeout: 240_000 }, () => {
  let world: World;
  let caDir: string;
  let ca: RevocationCa;
  let admin: PortalClient;
  let apiKey: string;
  let serial: string;
  let tenantFolder: string;
  beforeAll(async () => {
    world = await startWorld(env);
    caDir = mkdtempSync(join(tmpdir(), 'fe-e2e-revocation-ca-'));
    ca = await startRevocationCa(caDir);
    addToTrustFolder(join(world.dataDir, TRUST_FOLDER), ca.caPem); // as `pnpm fe dian-simulator trust add` does
    admin = new PortalClient(world.url);
    await admin.signUp(world.dataDir, email, PASSWORD);
    await admin.post('/admin/onboarding/company', {
      legalName: company.legalName,
      nit: company.nit,
      dv,
      personType: '1',
      taxScheme: '01',
      taxLevelCodes: 'R-99-PN',
      addressLine: 'Calle 26 # 69-76',
      cityCode: '11001',
      email: 'facturas@revocada.example',
    });
    const software = await admin.post('/admin/onboarding/software', {
      id: '3e1d2c3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      pin: SOFTWARE_PIN,
      testSetId: '4b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e',
      providerNit: company.nit,
      providerDv: dv,
      providerName: company.legalName,
    });
    expect(software.headers.get('location')).toBe('/admin/onboarding/certificate');
  }, 240_000);
  afterAll(async () => {
    await world?.close();
    await ca?.stop();
    if (caDir) rmSync(caDir, { recursive: true, force: true });
  });

  const upload = (p12: { p12: Buffer; password: string }) =>
    admin.postFile(
      '/admin/onboarding/certificate',
      { password: p12.password },
      { field: 'p12', name: 'firma.p12', type: 'application/x-pkcs12', bytes: p12.p12 },
    );

  it('refuses at upload a certificate already revoked: CERT_REVOKED, in Spanish, beside the file', async () => {
    const revoked = ca.issue('ya-revocado', company.nit);
    ca.revoke(revoked.serialHex);
    const answer = await upload(revoked);
    expect([answer.status, errorCodeOf(answer.text)]).toEqual([422, 'CERT_REVOKED']);
    expect(answer.text).toMatch(/data-field-error="p12"[^>]*>[^<]*revocó este certificado[^<]*\(regla ZD04\)/);
  });

  it('takes a good one and issues an invoice the simulator accepts', async () => {
    const good = ca.issue('vigente', company.nit);
    serial = good.serialHex;
    const answer = await upload(good);
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/admin/onboarding/certificate']);
    const { id: _id, ...resolutionFields } = demoResolution; // DIAN's public test range
    const resolution = await admin.post('/admin/onboarding/resolution', resolutionFields);
    expect(resolution.headers.get('location')).toBe('/admin/onboarding/test-set');
    apiKey = /id="api-key" readonly value="([^"]+)"/.exec((await admin.get('/admin/settings')).text)![1]!;
    const issued = await world.post(exampleRequest, { apiKey });
    expect([issued.status, issued.body.status], issued.text).toEqual([201, 'accepted']);
    tenantFolder = join(world.dataDir, 'files', /\/files\/([^/]+)\//.exec(issued.body.xml_url)![1]!);
    expect((await world.get('/api/v1/service/tenant/readiness', { apiKey })).body).toMatchObject({ status: 'ready' });
    expect(errorCodeOf((await admin.get('/admin/settings')).text)).toBeUndefined();
  });

  it('once revoked after the upload: the API refuses with CERT_REVOKED, readiness says why, a banner, one mail', async () => {
    ca.revoke(serial);
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // the kept answer (1 s here) ends

    const refused = await world.post(exampleRequest, { apiKey });
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'TENANT_NOT_READY']);
    expect(refused.body.error.details[0].message).toContain('CERT_REVOKED');
    const readiness = await world.get('/api/v1/service/tenant/readiness', { apiKey });
    expect(readiness.body).toMatchObject({ status: 'not_ready' });
    expect(readiness.body.missing.join(' ')).toContain('revoked by its certification authority (CERT_REVOKED');

    for (const page of ['/admin/settings', '/admin/invoices', '/admin/onboarding/certificate']) {
      const { text } = await admin.get(page);
      expect(text, page).toContain('data-certificate-revoked="true"');
      expect(text, page).toContain('Su entidad de certificación revocó su certificado de firma digital');
    }
    const [mail] = await until(() => (revokedMails(world).length ? revokedMails(world) : undefined), 'the mail');
    expect(mail!.subject).toBe(`Su certificado de firma fue revocado: ${company.legalName} no puede facturar`);
    expect(mail!.text).toContain(`${world.url}/admin/onboarding/certificate`);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // five sweeps more
    expect(revokedMails(world)).toHaveLength(1);
    // The demo tenant's certificate names no CRL or OCSP responder: untouched.
    expect((await world.post(exampleRequest)).status).toBe(201);
  });

  it('revoked between the API check and the signature: the invoice stops at signing_failed, CREDENTIAL_REVOKED', async () => {
    const good = ca.issue('vigente-2', company.nit);
    expect((await upload(good)).status).toBe(303);
    // The first signature cannot be stored (the tenant's folder is a plain file): the signer tries again later.
    renameSync(tenantFolder, `${tenantFolder}.aparte`);
    writeFileSync(tenantFolder, 'not a folder');
    const logged = world.logs.length;
    const posted = world.post(exampleRequest, { apiKey });
    await until(
      () => (world.logs.slice(logged).some((line) => line.includes('reaction failed')) ? true : undefined),
      'the first signature failed',
    );
    ca.revoke(good.serialHex); // after the API took the invoice and the first try signed it
    rmSync(tenantFolder);
    renameSync(`${tenantFolder}.aparte`, tenantFolder);
    const created = await posted;
    expect(created.status, created.text).toBeOneOf([201, 202]);
    const api = { get: (path: string) => world.get(path, { apiKey }) };
    const halted = await pollStatus(api, created.body.cufe, (body) => body.stage === 'signing_failed', 60_000);
    expect(halted).toMatchObject({
      status: 'pending',
      processing_error: { step: 'signing', code: 'CREDENTIAL_REVOKED' },
    });
    expect(halted.processing_error.message).toContain('revocó el certificado de firma del emisor');
    expect(halted.processing_error.message).toContain('regla ZD04');
  });
});
