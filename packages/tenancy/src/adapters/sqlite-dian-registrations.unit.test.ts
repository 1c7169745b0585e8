import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { describe, expect, it } from 'vitest';
import { SqliteDianRegistrations } from './sqlite-dian-registrations.ts';
import { SqliteTenantDirectory } from './sqlite-tenant-directory.ts';

describe('SqliteDianRegistrations', () => {
  it("reads each tenant's NIT, software with its PIN opened and ranges, again only after another connection wrote", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fe-registrations-')), 'tenants.sqlite');
    const masterKey = new Uint8Array(32).fill(7);
    const directory = new SqliteTenantDirectory({ path, masterKey });
    const registrations = new SqliteDianRegistrations({ path, masterKey });
    expect(registrations.all()).toEqual([]);
    await directory.createTenant({
      tenant: { ...demoTenant, id: 'acme' },
      environment: '2',
      software: { ...demoSoftware, pin: 'Pin-75315' },
      resolutions: [demoResolution],
      activeResolutionId: demoResolution.id,
    });
    const read = registrations.all();
    expect(read).toEqual([
      {
        tenantId: 'acme',
        environment: '2',
        nit: demoTenant.nit,
        legalName: demoTenant.legalName,
        receptionEmail: demoTenant.email, // the company e-mail while no reception e-mail is set
        software: { id: demoSoftware.id, pin: 'Pin-75315', providerNit: demoSoftware.providerNit },
        resolutions: [demoResolution],
      },
    ]);
    expect(registrations.all()).toBe(read); // nothing written since: the same answer, not read again
    await directory.updateTenant('acme', { environment: '1' });
    expect(registrations.all()[0]?.environment).toBe('1');
    await directory.updateTenant('acme', {
      tenant: { ...demoTenant, id: 'acme', receptionEmail: 'recepcion@acme.co' },
    });
    expect(registrations.all()[0]?.receptionEmail).toBe('recepcion@acme.co');
    // Another master key opens no PIN: the tenant is left out rather than registered without one.
    expect(new SqliteDianRegistrations({ path, masterKey: new Uint8Array(32).fill(9) }).all()).toEqual([]);
    registrations.close();
    await directory.close();
  });
});
