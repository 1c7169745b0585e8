import { demoResolution } from '@fe/dian-domain';
import { SqliteEventStore } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { openDirectory, sampleTenant } from '../../test-support/directory.ts';
import { makeTestP12 } from '../../test-support/test-p12.ts';
import { createTenantCommands, tenantStreamName } from './tenant-commands.ts';

function world() {
  const { directory, clock } = openDirectory();
  const events = new SqliteEventStore(':memory:');
  const commands = createTenantCommands({ registry: directory, events, clock: { now: clock.now } });
  const changes = async (tenantId = 'acme') => (await commands.history(tenantId)).map((e) => e.data.change);
  return { directory, events, clock, commands, changes };
}

describe('tenant commands', () => {
  it('writes each change and records one TenantChanged audit event for it, with no secret in any', async () => {
    const { directory, events, commands, changes } = world();
    const input = { ...sampleTenant('acme'), software: { ...sampleTenant('acme').software, pin: 'pin-original-7q' } };
    await commands.createTenant(input, 'cli');
    await commands.updateCompany('acme', { ...input.tenant, legalName: 'Acme Dos S.A.S.' }, 'portal:ana@acme.co');
    await commands.setSoftware('acme', { ...input.software, pin: 'pin-nuevo-9z' }, 'cli');
    const p12 = makeTestP12({ password: 'clave-secreta-p12' });
    const summary = await commands.storeCertificate('acme', p12.p12, p12.password, 'cli');
    await commands.addResolution('acme', { ...demoResolution, id: 'nueva', prefix: 'NV' }, true, 'cli');
    const first = await commands.issueApiKey('acme', 'cli');
    const { apiKey: second } = await commands.rotateApiKey('acme', 'cli', 2);

    expect(await changes()).toEqual([
      'TenantCreated',
      'CompanyUpdated',
      'SoftwareSet',
      'CertificateStored',
      'ResolutionAdded',
      'ApiKeyIssued',
      'ApiKeyRotated',
    ]);
    const profile = (await directory.profile('acme'))!;
    expect(profile).toMatchObject({
      activeResolutionId: 'nueva',
      hasCertificate: true,
      software: { pin: 'pin-nuevo-9z' },
      tenant: { legalName: 'Acme Dos S.A.S.' },
    });
    const history = await commands.history('acme');
    expect(history[1]!.data.actor).toBe('portal:ana@acme.co');
    expect(history[3]!.data.details).toMatchObject({ serial_number: summary.serialNumber });
    const stored = JSON.stringify((await events.read(tenantStreamName('acme'))).events.map((e) => e.envelope));
    for (const secret of ['clave-secreta-p12', 'pin-nuevo-9z', 'pin-original-7q', first, second])
      expect(stored).not.toContain(secret);
  });

  it('keeps the old key for the grace period on rotation and ends every key on revocation', async () => {
    const { directory, clock, commands, changes } = world();
    await commands.createTenant(sampleTenant('acme'), 'cli');
    const old = await commands.issueApiKey('acme', 'cli');
    const { apiKey, previousValidUntil } = await commands.rotateApiKey('acme', 'cli', 24);
    expect(previousValidUntil.getTime() - clock.now().getTime()).toBe(24 * 3_600_000);
    expect(await directory.authenticate(old)).toEqual({ tenantId: 'acme' });
    expect(await commands.revokeApiKeys('acme', 'cli')).toBe(2);
    expect(await directory.authenticate(old)).toBeUndefined();
    expect(await directory.authenticate(apiKey)).toBeUndefined();
    expect((await changes()).at(-1)).toBe('ApiKeysRevoked');
  });

  it('switches to production only after the test set passed, replacing the fe_test_ key with a fe_live_ one', async () => {
    const { directory, commands, changes } = world();
    await commands.createTenant(sampleTenant('acme'), 'cli');
    const testKey = await commands.issueApiKey('acme', 'cli');
    await expect(commands.switchToProduction('acme', 'cli')).rejects.toMatchObject({ code: 'TEST_SET_NOT_PASSED' });
    expect((await directory.profile('acme'))!.environment).toBe('2');

    await commands.recordTestSetPassed('acme', 'cli', { testSetId: 'set-1', accepted: 2 });
    const liveKey = await commands.switchToProduction('acme', 'cli');
    expect(liveKey).toMatch(/^fe_live_/);
    expect((await directory.profile('acme'))!.environment).toBe('1');
    expect(await directory.authenticate(testKey)).toBeUndefined();
    expect(await directory.authenticate(liveKey)).toEqual({ tenantId: 'acme' });
    await expect(commands.switchToProduction('acme', 'cli')).rejects.toMatchObject({ code: 'ALREADY_IN_PRODUCTION' });
    expect(await changes()).toEqual(['TenantCreated', 'ApiKeyIssued', 'TestSetPassed', 'SwitchedToProduction']);
  });

  it('records nothing when the registry refuses (wrong .p12 password, NIT with a wrong DV)', async () => {
    const { commands, changes } = world();
    await commands.createTenant(sampleTenant('acme'), 'cli');
    const p12 = makeTestP12();
    await expect(commands.storeCertificate('acme', p12.p12, 'not-the-password', 'cli')).rejects.toMatchObject({
      code: 'P12_WRONG_PASSWORD',
    });
    await expect(
      commands.updateCompany('acme', { ...sampleTenant('acme').tenant, dv: 3 }, 'cli'),
    ).rejects.toMatchObject({ code: 'TENANT_INVALID' });
    await expect(commands.recordTestSetPassed('nobody', 'cli', { testSetId: 'x', accepted: 1 })).rejects.toMatchObject({
      code: 'TENANT_NOT_FOUND',
    });
    expect(await changes()).toEqual(['TenantCreated']);
  });
});
