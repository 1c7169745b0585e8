import { demoSoftware, demoTenant } from '@fe/dian-domain';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresSoftwareProviders } from './postgres-software-providers.ts';
import { PostgresTenantDirectory, tenantDirectoryMigrations } from './postgres-tenant-directory.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [tenantDirectoryMigrations()] });
});
afterAll(() => db?.drop());

it("reads the provider's name without the master key, and reads again once a minute has passed", async () => {
  const directory = new PostgresTenantDirectory({ pool: db.pool, masterKey: new Uint8Array(32).fill(7) });
  const software = { ...demoSoftware, providerName: 'Proveedor Tecnológico Uno S.A.S.' };
  await directory.createTenant({ tenant: { ...demoTenant, id: 'acme' }, environment: '2', software, resolutions: [] });
  let now = 0;
  const providers = new PostgresSoftwareProviders(db.pool, () => now);
  expect(await providers.profile('acme')).toEqual({ software: { providerName: 'Proveedor Tecnológico Uno S.A.S.' } });
  expect(await providers.profile('nobody')).toBeUndefined();

  await db.pool.query(`UPDATE tenants SET software = jsonb_set(software, '{providerName}', '"Otro S.A.S."')`);
  expect(await providers.profile('acme')).toEqual({ software: { providerName: 'Proveedor Tecnológico Uno S.A.S.' } });
  now = 60_001;
  expect(await providers.profile('acme')).toEqual({ software: { providerName: 'Otro S.A.S.' } });
  await directory.close();
});
