// Two portal instances sweeping one PostgreSQL at once, as the distributed shape runs them: a certificate ending in
// five days is mailed to its account once, however many sweeps of either instance run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { createOutboxTransport, listOutbox } from '@fe/mail';
import { createLogger } from '@fe/platform';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { issueTestCertificate, loadOrCreateLocalTestCa, SqliteTenantDirectory } from '@fe/tenancy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountStoreMigrations, PostgresAccountStore } from '../adapters/postgres/postgres-account-store.ts';
import { PostgresExpiryWarningStore } from '../adapters/postgres/postgres-expiry-warning-store.ts';
import { TransportMailSender } from '../adapters/transport-mail-sender.ts';
import { sweepCertificateExpiries, type ExpirySweepPorts } from './expiry-sweep.ts';

const now = new Date();
const clock = { now: () => now };
let db: TestSchema;
let dir: string;
let registry: SqliteTenantDirectory;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  db = await freshTestSchema({ sets: [accountStoreMigrations()] });
  dir = mkdtempSync(join(tmpdir(), 'fe-expiry-instances-'));
  registry = new SqliteTenantDirectory({ path: ':memory:', masterKey: new Uint8Array(32).fill(5) });
  await registry.createTenant({
    tenant: { ...demoTenant, id: 'acme' },
    environment: '2',
    software: demoSoftware,
    resolutions: [demoResolution],
  });
  const { ca } = loadOrCreateLocalTestCa(join(dir, 'ca.pem'), now);
  const p12 = issueTestCertificate(ca, demoTenant, now, new Date(now.getTime() + 5 * 86_400_000));
  await registry.storeCertificate('acme', p12.p12, p12.password, now);
  const accounts = new PostgresAccountStore(db.pool);
  await accounts.createAccount({ id: 'a1', email: 'ana@acme.example', passwordHash: 'h', tenantId: 'acme' }, now);
  await accounts.confirm('a1', now);
  await accounts.close();
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await registry?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function instance(pool: TestSchema['pool']): ExpirySweepPorts {
  const accounts = new PostgresAccountStore(pool);
  const warnings = new PostgresExpiryWarningStore(pool);
  closers.push(
    () => accounts.close(),
    () => warnings.close(),
  );
  return {
    registry,
    accounts,
    warnings,
    mail: new TransportMailSender(createOutboxTransport(join(dir, 'outbox')), 'FE <no-reply@fe.example>', clock.now),
    clock,
    logger: createLogger({ level: 'silent' }),
    baseUrl: () => 'https://fe.example',
  };
}

it('mails the 7-day warning once between two instances sweeping together, again and again', async () => {
  const [one, two] = [instance(db.pool), instance(db.openPool())];
  let mailed = 0;
  for (let round = 0; round < 5; round++)
    for (const count of await Promise.all([sweepCertificateExpiries(one), sweepCertificateExpiries(two)]))
      mailed += count;
  expect(mailed).toBe(1);
  const outbox = listOutbox(join(dir, 'outbox'));
  expect(outbox.map((m) => [m.to, m.subject])).toEqual([
    ['ana@acme.example', `Su certificado de firma vence el ${subjectDate()} (${demoTenant.legalName})`],
  ]);
});

const subjectDate = () =>
  new Date(now.getTime() + 5 * 86_400_000).toLocaleDateString('es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'long',
  });
