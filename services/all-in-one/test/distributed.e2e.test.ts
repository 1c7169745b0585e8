// The distributed shape on one machine (docs/service.md, "Running the distributed shape on one machine"): two
// ingress instances each issue an invoice the other finds; the stop ends exactly the started processes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { demoResolution, nitCheckDigit } from '@fe/dian-domain';
import { demoTestSetId } from '@fe/dian-simulator';
import { createPostgresPool } from '@fe/platform-postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  alive,
  apiKeyIn,
  discardDistributedShape,
  pidsRecorded,
  prepareDistributedRun,
  PROCESSES,
  root,
  run,
  startDistributedShape,
  stopDistributedShape,
  type DistributedRun,
} from '../test-support/start-distributed.ts';
import { makeOperatorCa } from '../test-support/operator-ca.ts';
import { outboxMailsTo } from '../test-support/outbox.ts';
import { errorCodeOf, PortalClient } from '../test-support/portal-client.ts';

let shape: DistributedRun;
let welcome = '';
let pids: number[] = [];
const stop = () => stopDistributedShape(shape);

beforeAll(async () => {
  shape = await prepareDistributedRun({ env: { FE_PORTAL_TEST_SET_DOCUMENTS: '2' } }); // a short habilitación set
  welcome = await startDistributedShape(shape);
  pids = pidsRecorded(shape);
}, 450_000);

afterAll(() => discardDistributedShape(shape), 180_000);

const example = readFileSync(join(root, 'examples/invoice-request.json'), 'utf8');
const apiKey = () => apiKeyIn(welcome);
const url = (instance: 0 | 1, path: string) => `http://127.0.0.1:${shape.ports.api + instance}${path}`;

async function statusOn(
  instance: 0 | 1,
  cufe: string,
): Promise<{ status: number; body: { status?: string; cufe?: string } }> {
  const answer = await fetch(url(instance, `/api/v1/service/status/${cufe}`), {
    headers: { authorization: `Bearer ${apiKey()}` },
  });
  return { status: answer.status, body: (await answer.json()) as { status?: string } };
}

/** The invoice's status as the other instance reads it, once DIAN's verdict has reached the projection. */
async function verdictOn(
  instance: 0 | 1,
  cufe: string,
): Promise<{ status: number; body: { status?: string; cufe?: string } }> {
  for (let attempt = 0; ; attempt++) {
    const read = await statusOn(instance, cufe);
    if ((read.status === 200 && read.body.status !== 'pending') || attempt >= 240) return read;
    await new Promise((done) => setTimeout(done, 250));
  }
}

it('starts every service as its own process and prints the welcome text with the demo key once', () => {
  expect(pids).toHaveLength(PROCESSES);
  expect(pids.every(alive)).toBe(true);
  expect(welcome).toContain(`Electronic invoicing service (distributed) at http://127.0.0.1:${shape.ports.api}`);
  expect(apiKey()).toMatch(/^fe_test_/);
  expect(welcome.split(apiKey())).toHaveLength(2); // printed once
});

it('the command the welcome text names prints the demo key again, read from PostgreSQL', async () => {
  expect(welcome).toContain('pnpm -s distributed:api-key');
  const printed = await run('pnpm', ['-s', 'distributed:api-key'], { cwd: root, env: shape.env, timeout: 60_000 });
  expect(printed.stdout.trim()).toBe(apiKey());
});

/** The invoices the README's example made (SendBillSync): none of them is part of a test set. */
const exampleCufes: string[] = [];
/** Logged in on the portal process as the account that administers the demo tenant. */
let demoAdmin: PortalClient;

it("each ingress instance issues the README's example: DIAN accepts it, and the other instance finds it by its cufe", async () => {
  for (const [instance, other] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const answer = await fetch(url(instance, '/api/v1/service/invoice'), {
      method: 'POST',
      body: example,
      headers: {
        authorization: `Bearer ${apiKey()}`,
        'content-type': 'application/json',
        'idempotency-key': `e2e-${shape.tag}-${instance}`,
      },
    });
    const body = (await answer.json()) as { status?: string; cufe?: string };
    // The first invoice after the start script returned: every /readyz was 200, consumer groups
    // joined included, so it is answered with its verdict within the wait budget, not a 202.
    if (instance === 0)
      expect({ status: answer.status, invoice: body.status }).toEqual({ status: 201, invoice: 'accepted' });
    expect([201, 202]).toContain(answer.status);
    expect(body.cufe).toMatch(/^[0-9a-f]{96}$/);
    exampleCufes.push(body.cufe!);
    if (answer.status === 201) expect(body.status).toBe('accepted');
    const seen = await verdictOn(other, body.cufe!);
    expect({ status: seen.status, invoice: seen.body.status, cufe: seen.body.cufe }).toEqual({
      status: 200,
      invoice: 'accepted',
      cufe: body.cufe,
    });
  }
  // Accepted through the submitter's DIAN anchor: the simulator process signs with the identity the start made.
  expect(readFileSync(join(shape.dataDir, 'logs', 'submitter.log'), 'utf8')).not.toContain(
    'no DIAN certificate configured',
  );
  // The notifier process mailed both buyers: no FE_SMTP_URL here, so into the data folder's outbox.
  for (
    let attempt = 0;
    (existsSync(join(shape.dataDir, 'outbox')) ? readdirSync(join(shape.dataDir, 'outbox')).length : 0) < 2;
    attempt++
  ) {
    if (attempt >= 240) throw new Error('the notifier wrote no mail to the outbox');
    await new Promise((done) => setTimeout(done, 250));
  }
});

it('the admin portal is a process of its own: it serves sign-up and its confirmation mail lands in the outbox; the ingress serves no /admin', async () => {
  expect(welcome).toContain(
    `Admin portal (sign up a company of your own): http://127.0.0.1:${shape.ports.portal}/admin`,
  );
  const portal = (path: string) => `http://127.0.0.1:${shape.ports.portal}${path}`;
  const form = await fetch(portal('/admin/signup'));
  expect(form.status).toBe(200);
  const cookie = form.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const email = `dist-${shape.tag}@empresa.example`;
  const posted = await fetch(portal('/admin/signup'), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      csrf,
      email,
      password: 'una clave larga y segura',
      repeat: 'una clave larga y segura',
    }),
  });
  expect([posted.status, posted.headers.get('location')]).toEqual([303, '/admin/signup/sent']);
  expect(await (await fetch(portal('/admin/signup/sent'))).text()).toContain('Revise su correo');
  // The link names the portal's own address (FE_BASE_URL the start script gives it).
  expect(
    outboxMailsTo(join(shape.dataDir, 'outbox'), email).some((mail) =>
      mail.text.includes(`http://127.0.0.1:${shape.ports.portal}/admin/confirm?token=`),
    ),
  ).toBe(true);
  expect((await fetch(url(0, '/admin/signup'))).status).toBe(404);
});

it('the portal process asks DIAN (the simulator) for the numbering ranges, and its habilitación run reaches the simulator with SendTestSetAsync', async () => {
  demoAdmin = new PortalClient(`http://127.0.0.1:${shape.ports.portal}`);
  const email = `demo-admin-${shape.tag}@empresa.example`;
  // confirmed through the mailed link: logged in
  await demoAdmin.signUp(shape.dataDir, email, 'una clave larga y segura');
  // The account administers the demo tenant, a company the simulator knows (its NIT, software, TestSetId and CA), as an
  // operator would link it.
  const pool = createPostgresPool({
    connectionString: shape.env.FE_POSTGRES_URL!,
    schema: shape.env.FE_POSTGRES_SCHEMA!,
  });
  try {
    await pool.query('UPDATE portal_accounts SET tenant_id = $2, test_set_id = $3 WHERE email = $1', [
      email,
      'demo',
      demoTestSetId,
    ]);
  } finally {
    await pool.end();
  }
  // GetNumberingRange from the portal process, at the submitter's DIAN endpoint: the demo software's range.
  const lookup = await demoAdmin.post(
    '/admin/onboarding/resolution/lookup',
    {},
    { formPage: '/admin/onboarding/resolution' },
  );
  expect(lookup.status).toBe(200);
  expect(lookup.text).toContain('La DIAN respondió un rango');
  expect(lookup.text).toContain('990000000');
  // The run, started on the portal process, issues through the ingress; the submitter process reads the run from the
  // registry.
  expect((await demoAdmin.post('/admin/onboarding/test-set', {})).status).toBe(303);
  let page = '';
  for (let attempt = 0; !/data-test-set="(passed|failed)"/.test(page); attempt++) {
    if (attempt >= 480)
      throw new Error(`the run did not end: ${/data-test-set="[^"]+"[^]*?<\/p>[^]*?<\/p>/.exec(page)?.[0]}`);
    await new Promise((done) => setTimeout(done, 250));
    page = (await demoAdmin.get('/admin/onboarding/test-set')).text;
  }
  expect(page).toContain('data-test-set="passed"');
  expect(page).toContain('2 de 2 enviadas · 2 aceptadas · 0 rechazadas');
  // The simulator keeps each SendTestSetAsync upload (a zip and its documents); SendBillSync keeps none.
  const simulator = new DatabaseSync(join(shape.dataDir, 'dian-simulator.sqlite'), { readOnly: true });
  const uploaded = (simulator.prepare('SELECT keys FROM zips').all() as { keys: string }[]).flatMap(
    (row) => JSON.parse(row.keys) as string[],
  );
  simulator.close();
  expect(new Set(uploaded).size).toBe(2); // a retried upload would add a zip, not a document
  expect(uploaded.filter((cufe) => exampleCufes.includes(cufe))).toEqual([]);
}, 180_000);

it('a company created after the start, its certificate from a CA the operator put on the trust list: DIAN answers its range and passes its own test set', async () => {
  const company = { nit: '860002964', legalName: 'Distribuidora del Norte S.A.S.' };
  const dv = String(nitCheckDigit(company.nit));
  const admin = new PortalClient(`http://127.0.0.1:${shape.ports.portal}`);
  await admin.signUp(shape.dataDir, `norte-${shape.tag}@empresa.example`, 'una clave larga y segura');
  const saved = await admin.post('/admin/onboarding/company', {
    legalName: company.legalName,
    nit: company.nit,
    dv,
    personType: '1',
    taxScheme: '01',
    taxLevelCodes: 'R-99-PN',
    addressLine: 'Carrera 54 # 72-80',
    cityCode: '08001',
  });
  expect(saved.status, saved.text).toBe(303);
  const software = await admin.post('/admin/onboarding/software', {
    id: '4c1d9e2a-7b3f-4a5c-9d8e-2f1a0b3c4d5e',
    pin: 'Pin75315x',
    testSetId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', // one the simulator has not seen
    providerNit: company.nit,
    providerDv: dv,
    providerName: company.legalName,
  });
  expect(software.headers.get('location')).toBe('/admin/onboarding/certificate');
  const ca = makeOperatorCa();
  try {
    const { p12, password } = ca.issue(company);
    const file = { field: 'p12', name: 'firma.p12', type: 'application/x-pkcs12', bytes: p12 };
    const uploaded = await admin.postFile('/admin/onboarding/certificate', { password }, file);
    expect(uploaded.status, uploaded.text).toBeLessThan(400);
    const lookup = () =>
      admin.post('/admin/onboarding/resolution/lookup', {}, { formPage: '/admin/onboarding/resolution' });
    // DIAN (the simulator process) does not trust that CA yet: refused in words.
    const refused = await lookup();
    expect(errorCodeOf(refused.text)).toBe('DIAN_LOOKUP_FAILED');
    const added = await run(
      'pnpm',
      ['-s', 'fe', 'dian-simulator', 'trust', 'add', ca.caFile, '--data-dir', shape.dataDir],
      {
        cwd: root,
        env: shape.env,
        timeout: 60_000,
      },
    );
    expect(added.stdout).toMatch(/^added .*Raiz Certificadora de Pruebas/m);
  } finally {
    ca.close();
  }
  // No restart: the CA counts from the next request, and the tenant (created after the start) is registered.
  const answered = await rangeFromDian(admin);
  expect(answered).toContain('La DIAN respondió un rango');
  expect(answered).toContain(demoResolution.technicalKey);
  const resolution = await admin.post(
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
  expect(resolution.headers.get('location')).toBe('/admin/onboarding/test-set');
  expect((await admin.post('/admin/onboarding/test-set', {})).status).toBe(303);
  let page = '';
  for (let attempt = 0; !/data-test-set="(passed|failed)"/.test(page); attempt++) {
    if (attempt >= 480) throw new Error('the run did not end');
    await new Promise((done) => setTimeout(done, 250));
    page = (await admin.get('/admin/onboarding/test-set')).text;
  }
  expect(page, page).toContain('data-test-set="passed"');
  expect(page).toContain('2 aceptadas');
}, 240_000);

/** "Consultar en la DIAN" until it answers a range: the simulator reads the registry again every 2 s. */
async function rangeFromDian(admin: PortalClient): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const answer = await admin.post(
      '/admin/onboarding/resolution/lookup',
      {},
      { formPage: '/admin/onboarding/resolution' },
    );
    if (answer.text.includes('La DIAN respondió un rango') || attempt >= 40) return answer.text;
    await new Promise((done) => setTimeout(done, 500));
  }
}

it('the stop script stops exactly those processes, each gracefully, and frees their ports', async () => {
  await stop();
  expect(pids.filter(alive)).toEqual([]);
  // Each finished its graceful stop (SIGTERM: modules stopped, stores closed) rather than being killed.
  const names = [
    'dian-simulator',
    'projection',
    'relay',
    'signer-1',
    'signer-2',
    'renderer',
    'submitter',
    'notifier',
    'ingress-1',
    'ingress-2',
    'portal',
  ];
  const service = (name: string) => name.replace(/-\d$/, '');
  expect(
    names.filter(
      (name) =>
        !readFileSync(join(shape.dataDir, 'logs', `${name}.log`), 'utf8').includes(`"msg":"${service(name)} stopped"`),
    ),
  ).toEqual([]);
  const refused = async (port: number) =>
    fetch(`http://127.0.0.1:${port}/`).then(
      () => `${port} answered`,
      () => 'refused',
    );
  const { ports } = shape;
  const all = [
    ports.api,
    ports.api + 1,
    ports.portal,
    ports.simulator,
    ...Array.from({ length: PROCESSES }, (_, i) => ports.health + i),
  ];
  expect(await Promise.all(all.map(refused))).toEqual(all.map(() => 'refused'));
});

it('a later start on the same data folder uses the demo tenant without printing its key', async () => {
  const again = await startDistributedShape(shape);
  expect(again).toContain('Using the demo tenant');
  expect(again).toMatch(/export FE_API_KEY=\$\(FE_DATA_DIR=\S+ pnpm -s distributed:api-key\)/);
  expect(again).not.toContain(apiKey());
  // the same key still authenticates: an unknown invoice, not a 401
  expect((await statusOn(1, '0'.repeat(96))).status).toBe(404);
  // The habilitación run lives in the registry: the restarted portal process shows it as it ended.
  expect((await demoAdmin.get('/admin/onboarding/test-set')).text).toContain('data-test-set="passed"');
}, 450_000);
