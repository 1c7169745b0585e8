import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { SqliteEventStore } from '@fe/platform';
import {
  createTenantCommands,
  issueTestCertificate,
  LOCAL_TEST_CA_FILE,
  loadOrCreateLocalTestCa,
  loadOrCreateMasterKey,
  makeDemoCertificates,
  SqliteTenantDirectory,
} from '@fe/tenancy';
import { repackP12 } from '@fe/xades/testing';
import { describe, expect, it } from 'vitest';
import { tenantCommand, type TenantIo } from './tenant.ts';

/** A data folder with the registry, master key and event store, as the embedded start leaves it. */
function dataFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'fe-cli-tenant-'));
  const registry = () =>
    new SqliteTenantDirectory({
      path: join(dir, 'tenants.sqlite'),
      masterKey: loadOrCreateMasterKey(join(dir, 'master.key')),
    });
  const io = (env: Record<string, string> = {}): TenantIo => ({
    readFile: (path) => readFileSync(join(dir, path)),
    env,
    dataFolder: () => dir,
    open: () => {
      const tenants = registry();
      const events = new SqliteEventStore(join(dir, 'events.sqlite'));
      return {
        commands: createTenantCommands({ registry: tenants, events, clock: { now: () => new Date() } }),
        close: async () => {
          await tenants.close();
          await events.close();
        },
      };
    },
    testCertificate: async (_dataDir, owner) =>
      issueTestCertificate(loadOrCreateLocalTestCa(join(dir, LOCAL_TEST_CA_FILE), new Date()).ca, owner, new Date()),
  });
  const write = (name: string, value: unknown) =>
    writeFileSync(join(dir, name), typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value));
  return { dir, io, write, registry };
}

const newTenant = {
  tenant: { ...demoTenant, id: 'acme' },
  environment: '2',
  software: demoSoftware,
  resolutions: [demoResolution],
  activeResolutionId: demoResolution.id,
};

describe('pnpm fe tenant', () => {
  it('creates a tenant and prints its first key; rotates, revokes, and lists the audit events', async () => {
    const { io, write, registry } = dataFolder();
    write('acme.json', newTenant);
    const created = await tenantCommand(['create', 'acme.json'], io());
    expect(created).toMatchObject({ exitCode: 0, stdout: expect.stringMatching(/^fe_test_\w{43}\n$/) });
    const rotated = await tenantCommand(['rotate-key', '--tenant', 'acme', '--grace-hours', '2'], io());
    expect(rotated).toMatchObject({ exitCode: 0, stderr: expect.stringContaining('the previous key works until') });
    expect(await tenantCommand(['revoke-keys', '--tenant', 'acme'], io())).toMatchObject({
      exitCode: 0,
      stdout: '2 key(s) revoked\n',
    });
    const tenants = registry();
    expect(await tenants.authenticate(rotated.stdout.trim())).toBeUndefined();
    await tenants.close();
    const history = await tenantCommand(['history', '--tenant', 'acme'], io());
    expect(
      history.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).data.change),
    ).toEqual(['TenantCreated', 'ApiKeyIssued', 'ApiKeyRotated', 'ApiKeysRevoked']);
  });

  it('creates the tenant of examples/tenant.json, the shape its --help shows', async () => {
    const { io, write, registry } = dataFolder();
    write('tenant.json', readFileSync(new URL('../../../../examples/tenant.json', import.meta.url)));
    expect(await tenantCommand(['create', 'tenant.json'], io())).toMatchObject({ exitCode: 0 });
    const tenants = registry();
    expect((await tenants.profile('acme'))?.tenant.nit).toBe('901234567');
    await tenants.close();
  });

  it('uploads a .p12 with its password from FE_P12_PASSWORD and refuses a wrong one by its code', async () => {
    const { io, write } = dataFolder();
    write('acme.json', newTenant);
    await tenantCommand(['create', 'acme.json'], io());
    const demo = makeDemoCertificates({ legalName: 'ACME', nit: '900123456' }, new Date());
    write('acme.p12', demo.p12);
    expect(await tenantCommand(['certificate', '--tenant', 'acme', 'acme.p12'], io())).toMatchObject({ exitCode: 2 });
    expect(
      await tenantCommand(['certificate', '--tenant', 'acme', 'acme.p12'], io({ FE_P12_PASSWORD: 'wrong' })),
    ).toMatchObject({ exitCode: 1, stderr: expect.stringMatching(/^P12_WRONG_PASSWORD/) });
    const stored = await tenantCommand(
      ['certificate', '--tenant', 'acme', 'acme.p12'],
      io({ FE_P12_PASSWORD: demo.password }),
    );
    expect(stored).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('issuer') });
    expect(stored.stdout + stored.stderr).not.toContain(demo.password);
  });

  it("loads a test certificate of the local CA for the tenant's own NIT, labelled, and refuses one in production", async () => {
    const { io, write, registry } = dataFolder();
    write('acme.json', { ...newTenant, tenant: { ...demoTenant, id: 'acme', nit: '900373115', dv: 3 } });
    await tenantCommand(['create', 'acme.json'], io());
    const loaded = await tenantCommand(['test-certificate', '--tenant', 'acme'], io());
    expect(loaded).toMatchObject({
      exitCode: 0,
      stdout: expect.stringContaining('a TEST certificate of the local CA'),
    });
    expect(loaded.stdout).toMatch(/issuer CN=FE CA local de pruebas - solo habilitación/);
    const tenants = registry();
    const [leaf, ca] = (await tenants.credential('acme', new Date()))!.chain.map((c) => new X509Certificate(c.der));
    expect(leaf!.subject).toContain('serialNumber=900373115');
    expect(leaf!.subject).toContain('OU=Certificado de prueba - solo habilitación');
    expect(leaf!.checkIssued(ca!) && leaf!.verify(ca!.publicKey)).toBe(true);
    await tenants.close();
    const stored = JSON.parse(
      (await tenantCommand(['history', '--tenant', 'acme'], io())).stdout.trim().split('\n').at(-1)!,
    );
    expect(stored.data).toMatchObject({ change: 'CertificateStored', details: { test_certificate: true } });

    await tenantCommand(['test-set-passed', '--tenant', 'acme', '--test-set', 'set-1', '--accepted', '8'], io());
    await tenantCommand(['production', '--tenant', 'acme'], io());
    expect(await tenantCommand(['test-certificate', '--tenant', 'acme'], io())).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/^TEST_CERTIFICATE_IN_PRODUCTION: .*solo sirven en habilitación/),
    });
  });

  it('refuses a .p12 asking for a million key-derivation iterations by its code, before opening it', async () => {
    const { io, write } = dataFolder();
    write('acme.json', newTenant);
    await tenantCommand(['create', 'acme.json'], io());
    const demo = makeDemoCertificates({ legalName: 'ACME', nit: '900123456' }, new Date());
    write('slow.p12', repackP12(demo.p12, demo.password, 1_000_000));
    const refused = await tenantCommand(
      ['certificate', '--tenant', 'acme', 'slow.p12'],
      io({ FE_P12_PASSWORD: demo.password }),
    );
    expect(refused).toMatchObject({ exitCode: 1, stderr: expect.stringMatching(/^CERT_ITERATIONS_TOO_HIGH.*100000/) });
  });

  it('refuses a company with a wrong DV naming the field, and production before the test set', async () => {
    const { io, write } = dataFolder();
    write('acme.json', newTenant);
    await tenantCommand(['create', 'acme.json'], io());
    write('company.json', { ...demoTenant, id: 'acme', dv: 3 });
    expect(await tenantCommand(['company', '--tenant', 'acme', 'company.json'], io())).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/^TENANT_INVALID: .*dv:/),
    });
    expect(await tenantCommand(['production', '--tenant', 'acme'], io())).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/^TEST_SET_NOT_PASSED/),
    });
    expect(await tenantCommand(['rotate-key'], io())).toMatchObject({ exitCode: 2 });
    expect(
      await tenantCommand(['test-set-passed', '--tenant', 'acme', '--test-set', 'set-1', '--accepted', '8'], io()),
    ).toMatchObject({ exitCode: 0 });
    expect(await tenantCommand(['production', '--tenant', 'acme'], io())).toMatchObject({
      exitCode: 0,
      stdout: expect.stringMatching(/^fe_live_/),
    });
  });

  it('prints the note numbering (the defaults), sets one, and refuses a prefix an invoice resolution has', async () => {
    const { io, write, registry } = dataFolder();
    write('acme.json', newTenant);
    await tenantCommand(['create', 'acme.json'], io());
    expect(JSON.parse((await tenantCommand(['note-numbering', '--tenant', 'acme'], io())).stdout)).toEqual({
      credit: { prefix: 'NC', from: '1', to: '9999999999' },
      debit: { prefix: 'ND', from: '1', to: '9999999999' },
    });
    const own = { credit: { prefix: 'NCA', from: '100', to: '999' }, debit: { prefix: 'NDA', from: '1', to: '50' } };
    write('notes.json', own);
    expect(await tenantCommand(['note-numbering', '--tenant', 'acme', 'notes.json'], io())).toMatchObject({
      exitCode: 0,
      stdout: `${JSON.stringify(own)}\n`,
    });
    const tenants = registry();
    expect((await tenants.profile('acme'))?.noteNumbering).toEqual(own);
    await tenants.close();
    write('clash.json', { ...own, debit: { prefix: demoResolution.prefix, from: '1', to: '9' } });
    expect(await tenantCommand(['note-numbering', '--tenant', 'acme', 'clash.json'], io())).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/^TENANT_INVALID/),
    });
    const history = (await tenantCommand(['history', '--tenant', 'acme'], io())).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(history.filter((e) => e.data.change === 'NoteNumberingSet')).toHaveLength(1);
  });

  it.each([
    { command: 'tacit-acceptance', key: 'tacitAcceptance', detail: 'tacit_acceptance', values: ['offer', 'automatic'] },
    { command: 'contingency', key: 'contingency', detail: 'contingency', values: ['off', 'automatic'] },
  ] as const)('prints the $command setting ($values.0 by default), sets it, and refuses another word', async (c) => {
    const { io, write, registry } = dataFolder();
    write('acme.json', newTenant);
    await tenantCommand(['create', 'acme.json'], io());
    expect(await tenantCommand([c.command, '--tenant', 'acme'], io())).toMatchObject({
      exitCode: 0,
      stdout: `${c.values[0]}\n`,
    });
    expect(await tenantCommand([c.command, '--tenant', 'acme', c.values[1]], io())).toMatchObject({
      exitCode: 0,
      stdout: `${c.values[1]}\n`,
    });
    const tenants = registry();
    expect((await tenants.profile('acme'))?.[c.key]).toBe(c.values[1]);
    await tenants.close();
    expect(await tenantCommand([c.command, '--tenant', 'acme', 'always'], io())).toMatchObject({
      exitCode: 2,
    });
    const history = (await tenantCommand(['history', '--tenant', 'acme'], io())).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(history.filter((e) => e.data.details[c.detail] === c.values[1])).toMatchObject([
      { data: { change: 'CompanyUpdated', actor: 'cli', details: { setting: c.detail } } },
    ]);
  });
});
