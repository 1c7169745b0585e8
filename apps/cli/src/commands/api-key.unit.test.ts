import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { loadOrCreateMasterKey, SqliteTenantDirectory } from '@fe/tenancy';
import { describe, expect, it } from 'vitest';
import { apiKeyCommand } from './api-key.ts';

/** A data folder as the embedded start leaves it: the registry, the master key and the demo tenant's key. */
async function dataFolder(): Promise<{ dir: string; key: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'fe-cli-api-key-'));
  const tenants = new SqliteTenantDirectory({
    path: join(dir, 'tenants.sqlite'),
    masterKey: loadOrCreateMasterKey(join(dir, 'master.key')),
  });
  await tenants.createTenant({
    tenant: demoTenant,
    environment: '2',
    software: demoSoftware,
    resolutions: [demoResolution],
    activeResolutionId: demoResolution.id,
  });
  const key = await tenants.issueApiKey('demo');
  await tenants.close();
  return { dir, key };
}

const io = (dir: string | undefined) => ({
  registry: () => (dir ? { tenantsDb: join(dir, 'tenants.sqlite'), masterKey: join(dir, 'master.key') } : undefined),
  dataFolder: (given: string | undefined) => given ?? dir ?? '/srv/fe/data',
});

describe('pnpm fe api-key', () => {
  it("prints the demo tenant's current key and nothing else, so $(…) captures it", async () => {
    const { dir, key } = await dataFolder();
    expect(await apiKeyCommand([], io(dir))).toEqual({ exitCode: 0, stdout: `${key}\n`, stderr: '' });
    expect(await apiKeyCommand(['--tenant', 'demo', '--data-dir', dir], io(dir))).toMatchObject({
      exitCode: 0,
      stdout: `${key}\n`,
    });
  });

  it('exits 1 for a folder the service never ran in (naming it), a tenant without a key, another master key', async () => {
    expect(await apiKeyCommand([], io(undefined))).toMatchObject({
      exitCode: 1,
      stdout: '',
      stderr: expect.stringContaining(
        'no tenants.sqlite and master.key in /srv/fe/data: the service has not run there',
      ),
    });
    const { dir } = await dataFolder();
    expect(await apiKeyCommand(['--tenant', 'nobody'], io(dir))).toMatchObject({ exitCode: 1, stdout: '' });
    const other = mkdtempSync(join(tmpdir(), 'fe-cli-api-key-'));
    const wrongKey = {
      ...io(dir),
      registry: () => ({ tenantsDb: join(dir, 'tenants.sqlite'), masterKey: join(other, 'master.key') }),
    };
    loadOrCreateMasterKey(join(other, 'master.key'));
    const refused = await apiKeyCommand([], wrongKey);
    expect(refused).toMatchObject({ exitCode: 1, stdout: '' });
    expect(refused.stderr).toContain('SECRET_UNREADABLE');
  });

  it('exits 2 with its usage for an unknown option or an argument', async () => {
    expect(await apiKeyCommand(['--password', 'x'], io(undefined))).toMatchObject({ exitCode: 2, stdout: '' });
    expect(await apiKeyCommand(['demo'], io(undefined))).toMatchObject({ exitCode: 2, stdout: '' });
  });
});
