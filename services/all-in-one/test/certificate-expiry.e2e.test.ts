// A company whose certificate ends in five days, on the embedded shape: the portal says so above every page, the
// readiness check warns without failing, one mail reaches the account (not two, across sweeps and a restart), and the
// reception e-mail registered at DIAN, set in the company settings, is the issuer's e-mail of the signed invoice DIAN
// (the built-in simulator) accepted.
import { join } from 'node:path';
import { nitCheckDigit } from '@fe/dian-domain';
import { cac, cbc, descendants, parseXmlTree, textAt } from '@fe/dian-xml';
import { issueTestCertificate, LOCAL_TEST_CA_FILE, loadOrCreateLocalTestCa } from '@fe/tenancy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailsTo } from '../test-support/outbox.ts';
import { errorCodeOf, PortalClient } from '../test-support/portal-client.ts';
import { PASSWORD, SOFTWARE_PIN } from '../test-support/portal-steps.ts';
import { until } from '../test-support/until.ts';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

const DAY_MS = 86_400_000;
const email = 'tesoreria@vence-pronto.example';
const company = { legalName: 'Vence Pronto S.A.S.', nit: '901234567' };
const companyFields = {
  legalName: company.legalName,
  nit: company.nit,
  dv: String(nitCheckDigit(company.nit)),
  personType: '1',
  taxScheme: '01',
  taxLevelCodes: 'R-99-PN',
  addressLine: 'Carrera 7 # 71-21',
  cityCode: '11001',
  email: 'facturas@vence-pronto.example',
};
const sweep = { FE_PORTAL_CERTIFICATE_SWEEP_MS: '200' };
const expiryMails = (world: World) =>
  outboxMailsTo(join(world.dataDir, 'outbox'), email).filter((m) => m.subject.startsWith('Su certificado de firma'));

describe('a certificate that ends in five days', { timeout: 240_000 }, () => {
  let world: World;
  let admin: PortalClient;
  let apiKey: string;
  let notAfter: Date;
  beforeAll(async () => {
    world = await startWorld(sweep);
    admin = new PortalClient(world.url);
    await admin.signUp(world.dataDir, email, PASSWORD);
    expect((await admin.post('/admin/onboarding/company', companyFields)).headers.get('location')).toBe(
      '/admin/onboarding/software',
    );
    const software = await admin.post('/admin/onboarding/software', {
      id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      pin: SOFTWARE_PIN,
      testSetId: '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e',
      providerNit: company.nit,
      providerDv: companyFields.dv,
      providerName: company.legalName,
    });
    expect(software.headers.get('location')).toBe('/admin/onboarding/certificate');
    // The data folder's local test CA (the built-in simulator trusts it), for a certificate ending in 5 days.
    const { ca } = loadOrCreateLocalTestCa(join(world.dataDir, LOCAL_TEST_CA_FILE), new Date());
    notAfter = new Date(Math.floor((Date.now() + 5 * DAY_MS - 3_600_000) / 1000) * 1000);
    const p12 = issueTestCertificate(ca, company, new Date(), notAfter);
    const uploaded = await admin.postFile(
      '/admin/onboarding/certificate',
      { password: p12.password },
      { field: 'p12', name: 'firma.p12', type: 'application/x-pkcs12', bytes: p12.p12 },
    );
    expect([uploaded.status, uploaded.headers.get('location')]).toEqual([303, '/admin/onboarding/certificate']);
    const resolution = await admin.post('/admin/onboarding/resolution', {
      authorizationNumber: '18760000001',
      prefix: 'SETP',
      from: '990000000',
      to: '995000000',
      startDate: '2019-01-19',
      endDate: '2030-01-19',
      technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
    });
    expect(resolution.headers.get('location')).toBe('/admin/onboarding/test-set');
    apiKey = /id="api-key" readonly value="([^"]+)"/.exec((await admin.get('/admin/settings')).text)![1]!;
  }, 240_000);
  afterAll(async () => {
    await world?.close();
  });

  it('shows a banner in Spanish with the date above every page of the company, the certificate page included', async () => {
    for (const page of ['/admin/settings', '/admin/onboarding/certificate', '/admin/invoices', '/admin/nowhere']) {
      const { text } = await admin.get(page);
      const start = text.indexOf('<aside class="notice warning"');
      expect(start, page).toBeGreaterThan(-1);
      const banner = text.slice(start, text.indexOf('</aside>', start));
      expect(banner).toContain('data-certificate-expiry="7"');
      expect(banner).toContain(`data-not-after="${notAfter.toISOString()}"`);
      const date = notAfter.toLocaleDateString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long' });
      expect(banner).toContain(`Su certificado de firma digital vence el ${date} a las`);
      expect(banner).toMatch(/\(hora de Colombia\), en 5 días/);
      expect(banner).toContain('href="/admin/onboarding/certificate"');
    }
    expect((await admin.get('/admin/settings')).text).toContain(
      `<span data-cert-not-after="${notAfter.toISOString()}">Cargado, vigente hasta el`,
    );
    // Before login nothing is said: the banner belongs to the company's pages.
    expect((await new PortalClient(world.url).get('/admin/login')).text).not.toContain('data-certificate-expiry');
  });

  it('reports the days left in the readiness check and stays ready, with a warning', async () => {
    const readiness = await world.get('/api/v1/service/tenant/readiness', { apiKey });
    expect(readiness.status).toBe(200);
    expect(readiness.body).toMatchObject({
      status: 'ready_with_warnings',
      missing: [],
      certificate_not_after: notAfter.toISOString(),
      certificate_expires_in_days: 5,
      warnings: [{ code: 'CERTIFICATE_EXPIRING', threshold_days: 7 }],
    });
    // The demo's certificate is a year away: ready, no warning.
    expect((await world.get('/api/v1/service/tenant/readiness')).body).toMatchObject({ status: 'ready', warnings: [] });
  });

  it('mails the account once, across sweeps and a restart of the service', async () => {
    const [mail] = await until(() => (expiryMails(world).length ? expiryMails(world) : undefined), 'the mail');
    expect(mail!.subject).toContain(`(${company.legalName})`);
    expect(mail!.text).toMatch(/vence el .* \(hora de Colombia\), en 5 días/);
    expect(mail!.text).toContain(`${world.url}/admin/onboarding/certificate`);
    await new Promise((r) => setTimeout(r, 1500)); // seven sweeps more
    expect(expiryMails(world)).toHaveLength(1);

    await world.stop();
    world = await startWorld(sweep, undefined, { dataDir: world.dataDir });
    admin = new PortalClient(world.url);
    await new Promise((r) => setTimeout(r, 1500));
    expect(expiryMails(world)).toHaveLength(1);
    expect(world.logs.join('\n')).not.toContain(email); // logged by tenant and threshold, never the address
  });

  it('writes the reception e-mail set in the company settings as the issuer e-mail of the signed invoice', async () => {
    await admin.post('/admin/login', { email, password: PASSWORD });
    const form = await admin.get('/admin/onboarding/company?from=settings');
    expect(form.text).toContain('Correo de recepción registrado en la DIAN');
    const wrong = await admin.post(
      '/admin/onboarding/company',
      { ...companyFields, receptionEmail: 'recepcion en vence-pronto', from: 'settings' },
      { formPage: '/admin/onboarding/company?from=settings' },
    );
    expect([wrong.status, errorCodeOf(wrong.text)]).toEqual([422, 'FORM_INVALID']);
    expect(wrong.text).toMatch(/data-field-error="receptionEmail"[^>]*>[^<]*correo de recepción registrado en la DIAN/);
    const saved = await admin.post(
      '/admin/onboarding/company',
      { ...companyFields, receptionEmail: 'recepcion.fe@vence-pronto.example', from: 'settings' },
      { formPage: '/admin/onboarding/company?from=settings' },
    );
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/admin/settings']);
    expect((await admin.get('/admin/onboarding/company?from=settings')).text).toContain(
      'value="recepcion.fe@vence-pronto.example"',
    );

    const issued = await world.post(exampleRequest, { apiKey });
    expect(issued.status, issued.text).toBe(201);
    expect(issued.body.status).toBe('accepted');
    expect(JSON.stringify(issued.body.tax_authority_response)).not.toContain('FAJ71'); // the registered address
    const signed = await (await fetch(issued.body.xml_url)).text();
    const root = parseXmlTree(signed);
    const supplier = descendants(root, ...cac('AccountingSupplierParty'))[0];
    expect(textAt(supplier, cac('Party'), cac('Contact'), cbc('ElectronicMail'))).toBe(
      'recepcion.fe@vence-pronto.example',
    );
    expect(descendants(root, 'http://www.w3.org/2000/09/xmldsig#', 'SignatureValue')).toHaveLength(1);
  });
});
