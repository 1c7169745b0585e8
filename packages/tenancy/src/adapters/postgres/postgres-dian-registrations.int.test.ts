import { demoResolution, demoSoftware, demoTenant, nitCheckDigit } from '@fe/dian-domain';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresDianRegistrations } from './postgres-dian-registrations.ts';
import { PostgresTenantDirectory, tenantDirectoryMigrations } from './postgres-tenant-directory.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [tenantDirectoryMigrations()] });
});
afterAll(() => db?.drop());

it("reads each tenant's NIT, environment, software, PIN and resolutions; one of another key is left out", async () => {
  const masterKey = new Uint8Array(32).fill(7);
  const directory = new PostgresTenantDirectory({ pool: db.pool, masterKey });
  const registrations = new PostgresDianRegistrations({ pool: db.pool, masterKey });
  expect(await registrations.all()).toEqual([]);
  const second = { ...demoResolution, id: 'fe', prefix: 'FE', from: '1', to: '5000' };
  await directory.createTenant({
    tenant: { ...demoTenant, id: 'acme' },
    environment: '2',
    software: { ...demoSoftware, pin: 'Pin-75315' },
    resolutions: [demoResolution, second],
    activeResolutionId: second.id,
  });
  await directory.createTenant({
    tenant: { ...demoTenant, id: 'bare', nit: '900373115', dv: nitCheckDigit('900373115') },
    environment: '1',
    software: demoSoftware,
    resolutions: [],
  });
  expect(await registrations.all()).toEqual([
    {
      tenantId: 'acme',
      environment: '2',
      nit: demoTenant.nit,
      legalName: demoTenant.legalName,
      receptionEmail: demoTenant.email,
      software: { id: demoSoftware.id, pin: 'Pin-75315', providerNit: demoSoftware.providerNit },
      resolutions: [demoResolution, second],
    },
    expect.objectContaining({ tenantId: 'bare', environment: '1', nit: '900373115', resolutions: [] }),
  ]);
  const otherKey = new PostgresDianRegistrations({ pool: db.pool, masterKey: new Uint8Array(32).fill(9) });
  expect(await otherKey.all()).toEqual([]);
  await directory.close();
});
