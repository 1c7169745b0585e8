// A company of one's own on the embedded shape, as README's path goes: created by the CLI with a test certificate
// of the local CA for its own NIT, its invoice accepted with a PDF; a certificate from a CA the simulator does not
// hold refused in Spanish until the operator puts that CA on the trust list; and the same company path in the
// portal: the test certificate button, "Consultar en la DIAN", and a habilitación set under a TestSetId of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoTenant, nitCheckDigit } from '@fe/dian-domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCodeOf, PortalClient } from '../test-support/portal-client.ts';
import { PASSWORD } from '../test-support/portal-steps.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

const root = new URL('../../../', import.meta.url).pathname;
const fe = (args: string[], env: Record<string, string> = {}) =>
  spawnSync('pnpm', ['-s', 'fe', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });

const andina = { id: 'andina', nit: '900373115', legalName: 'COMERCIALIZADORA ANDINA S.A.S.' };
let world: World;
let work: string;
let apiKey: string;
beforeAll(async () => {
  world = await startWorld({ FE_PORTAL_TEST_SET_DOCUMENTS: '2' });
  work = mkdtempSync(join(tmpdir(), 'fe-own-company-'));
});
afterAll(async () => {
  await world?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const asAndina = { get: (path: string) => world.get(path, { apiKey }) };

it('creates a company by the CLI, loads a test certificate of the local CA for its NIT, and its invoice is accepted with a PDF', async () => {
  const dv = nitCheckDigit(andina.nit);
  writeFileSync(
    join(work, 'andina.json'),
    JSON.stringify({
      tenant: { ...demoTenant, id: andina.id, nit: andina.nit, dv, legalName: andina.legalName },
      environment: '2',
      software: {
        id: '3d0c2f4e-6b1a-4c8d-9e7f-0a1b2c3d4e5f',
        pin: '75315',
        providerNit: andina.nit,
        providerDv: dv,
        providerName: `${andina.legalName} (software propio)`,
      },
      resolutions: [{ ...demoResolution, id: 'setp' }],
      activeResolutionId: 'setp',
    }),
  );
  const created = fe(['tenant', 'create', join(work, 'andina.json'), '--data-dir', world.dataDir]);
  expect(created.status, created.stderr).toBe(0);
  apiKey = created.stdout.trim();
  const certificate = fe(['tenant', 'test-certificate', '--tenant', andina.id, '--data-dir', world.dataDir]);
  expect(certificate.status, certificate.stderr).toBe(0);
  expect(certificate.stdout).toContain('a TEST certificate of the local CA');

  const issued = await world.post(exampleRequest, { apiKey });
  expect(issued.status, issued.text).toBe(201);
  expect(issued.body).toMatchObject({ status: 'accepted', number: expect.stringMatching(/^SETP99/) });
  const pdf = await fetch(issued.body.pdf_url);
  expect(pdf.status).toBe(200);
  const bytes = Buffer.from(await pdf.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The provider's name as the company registered it, which the signed XML cannot carry.
  writeFileSync(join(work, 'andina.pdf'), bytes);
  const text = spawnSync('pdftotext', ['-enc', 'UTF-8', join(work, 'andina.pdf'), '-'], { encoding: 'utf8' }).stdout;
  expect(text).toContain(`Proveedor del software: ${andina.legalName} (software propio)`);
});

it('refuses a certificate from a CA off the trust list in Spanish, and accepts it once the operator adds that CA', async () => {
  // Another CA, as an accredited one is: a root, and an intermediate that issues the company's certificate.
  const ssl = (args: string[]) => {
    const run = spawnSync('openssl', args, {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, OPENSSL_CONF: '/dev/null' },
    });
    expect(run.status, run.stderr).toBe(0);
  };
  const ext = (name: string, text: string) => writeFileSync(join(work, name), text);
  ext('ca.ext', 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  ext('leaf.ext', 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n');
  ssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '30',
    '-subj',
    '/C=CO/O=Certificadora de Pruebas S.A./CN=Raiz de Pruebas',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  ssl([
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'sub.key',
    '-out',
    'sub.csr',
    '-subj',
    '/C=CO/O=Certificadora de Pruebas S.A./CN=Subordinada de Pruebas',
  ]);
  ssl([
    'x509',
    '-req',
    '-in',
    'sub.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    'ca.ext',
    '-out',
    'sub.pem',
  ]);
  ssl([
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'leaf.key',
    '-out',
    'leaf.csr',
    '-subj',
    `/C=CO/O=${andina.legalName}/serialNumber=${andina.nit}/CN=${andina.legalName}`,
  ]);
  ssl([
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'sub.pem',
    '-CAkey',
    'sub.key',
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    'leaf.ext',
    '-out',
    'leaf.pem',
  ]);
  writeFileSync(
    join(work, 'chain.pem'),
    readFileSync(join(work, 'sub.pem'), 'utf8') + readFileSync(join(work, 'root.pem'), 'utf8'),
  );
  ssl([
    'pkcs12',
    '-export',
    '-inkey',
    'leaf.key',
    '-in',
    'leaf.pem',
    '-certfile',
    'chain.pem',
    '-passout',
    'pass:clave-andina',
    '-out',
    'andina.p12',
  ]);
  const stored = fe(
    ['tenant', 'certificate', '--tenant', andina.id, join(work, 'andina.p12'), '--data-dir', world.dataDir],
    {
      FE_P12_PASSWORD: 'clave-andina',
    },
  );
  expect(stored.status, stored.stderr).toBe(0);
  // The service believes a stored generation for a second (docs/tenancy.md): past it, the CLI's certificate is served.
  await new Promise((resolve) => setTimeout(resolve, 1100));

  const refused = await world.post(exampleRequest, { apiKey });
  expect(refused.status, refused.text).toBe(202);
  expect(refused.body.processing_error).toMatchObject({ step: 'submission', code: 'SOAP_FAULT_CLIENT' });
  expect(refused.body.processing_error.message).toContain('no confía en la entidad que emitió el certificado');

  const added = fe(['dian-simulator', 'trust', 'add', join(work, 'chain.pem'), '--data-dir', world.dataDir]);
  expect(added.status, added.stderr).toBe(0);
  expect(added.stdout).toMatch(/added .*CN=Subordinada de Pruebas/);
  expect(added.stdout).toMatch(/added .*CN=Raiz de Pruebas/);
  const listed = fe(['dian-simulator', 'trust', 'list', '--data-dir', world.dataDir]);
  expect(listed.stdout).toMatch(/CN=FE CA local de pruebas - solo habilitación/);
  expect(listed.stdout).toMatch(/CN=Raiz de Pruebas/);

  // No restart: the refused invoice, re-driven, and a new one are both accepted.
  const redrive = fe(['redrive', refused.body.cufe, '--data-dir', world.dataDir]);
  expect(redrive.status, redrive.stderr).toBe(0);
  const judged = await pollStatus(asAndina, refused.body.cufe, (body) => body.status !== 'pending');
  expect(judged).toMatchObject({ status: 'accepted' });
  const next = await world.post(exampleRequest, { apiKey });
  expect(next.body).toMatchObject({ status: 'accepted', pdf_url: expect.stringContaining('.pdf') });
});

describe('in the portal', () => {
  const nit = '860002964';
  const portal = () => new PortalClient(world.url);
  let admin: PortalClient;
  beforeAll(async () => {
    admin = portal();
    await admin.signUp(world.dataDir, 'lucia@cafetera.example', PASSWORD);
    const company = await admin.post('/admin/onboarding/company', {
      legalName: 'Cafetera del Sur S.A.S.',
      nit,
      dv: String(nitCheckDigit(nit)),
      personType: '1',
      taxScheme: '01',
      taxLevelCodes: 'R-99-PN',
      addressLine: 'Calle 10 # 5-51',
      cityCode: '11001',
    });
    expect(company.status, company.text).toBe(303);
    const software = await admin.post('/admin/onboarding/software', {
      id: '8a6f0f7e-2b3c-4d5e-8f90-1a2b3c4d5e6f',
      pin: 'Pin75315x',
      testSetId: '5e0c6b7a-9d8e-4f10-a2b3-c4d5e6f7a8b9', // DIAN's portal gives each software its own
      providerNit: nit,
      providerDv: String(nitCheckDigit(nit)),
      providerName: 'Cafetera del Sur S.A.S.',
    });
    expect(software.headers.get('location')).toBe('/admin/onboarding/certificate');
  });

  it('makes a test certificate for its NIT, reads its range from DIAN, and passes a test set of its own TestSetId', async () => {
    const page = await admin.get('/admin/onboarding/certificate');
    expect(page.text).toContain('Generar un certificado de prueba (solo habilitación)');
    const made = await admin.post(
      '/admin/onboarding/certificate/test',
      {},
      { formPage: '/admin/onboarding/certificate' },
    );
    expect(made.status, made.text).toBe(303);
    const shown = await admin.get('/admin/onboarding/certificate');
    expect(shown.text).toContain('data-cert="test"');
    expect(shown.text).toContain('Certificado de prueba');

    const lookup = await admin.post(
      '/admin/onboarding/resolution/lookup',
      {},
      { formPage: '/admin/onboarding/resolution' },
    );
    expect(lookup.status, lookup.text).toBe(200);
    expect(lookup.text).toContain('La DIAN respondió un rango');
    expect(lookup.text).toMatch(/id="f-prefix"[^>]*value="SETP"/);
    expect(lookup.text).toContain(demoResolution.technicalKey);
    const saved = await admin.post(
      '/admin/onboarding/resolution',
      {
        authorizationNumber: demoResolution.authorizationNumber,
        prefix: demoResolution.prefix,
        from: demoResolution.from,
        to: demoResolution.to,
        startDate: demoResolution.startDate,
        endDate: demoResolution.endDate,
        technicalKey: demoResolution.technicalKey,
      },
      { formPage: '/admin/onboarding/resolution' },
    );
    expect(saved.headers.get('location')).toBe('/admin/onboarding/test-set');

    await admin.post('/admin/onboarding/test-set', {}, { formPage: '/admin/onboarding/test-set' });
    const finished = await vi.waitFor(
      async () => {
        const run = await admin.get('/admin/onboarding/test-set');
        expect(run.text).toMatch(/data-test-set="(passed|failed)"/);
        return run.text;
      },
      { timeout: 90_000, interval: 500 },
    );
    expect(finished, finished).toContain('data-test-set="passed"');
    expect(finished).toContain('2 aceptadas');
  });

  it('refuses a test certificate once the company is in production, in words and by its code', async () => {
    const switched = await admin.post('/admin/settings/production', {}, { formPage: '/admin/settings' });
    expect(switched.status, switched.text).toBeLessThan(400);
    const page = await admin.get('/admin/onboarding/certificate');
    expect(page.text).not.toContain('Generar un certificado de prueba');
    const refused = await admin.post(
      '/admin/onboarding/certificate/test',
      {},
      { formPage: '/admin/onboarding/certificate' },
    );
    expect(refused.status).toBe(409);
    expect(errorCodeOf(refused.text)).toBe('TEST_CERTIFICATE_IN_PRODUCTION');
    expect(refused.text).toContain('los certificados de prueba solo sirven en habilitación');
  });
});
