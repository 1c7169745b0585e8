import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import type { DianRegistration } from '@fe/tenancy/registrations';
import { describe, expect, it } from 'vitest';
import { tenantIssuers } from './tenant-issuers.ts';

const registration = (overrides: Partial<DianRegistration>): DianRegistration => ({
  tenantId: 'acme',
  environment: '2',
  nit: demoTenant.nit,
  legalName: demoTenant.legalName,
  software: { id: demoSoftware.id, pin: demoSoftware.pin, providerNit: demoSoftware.providerNit },
  resolutions: [{ ...demoResolution, id: 'own', prefix: 'FE', authorizationNumber: '18764000000001' }],
  ...overrides,
});

describe('tenantIssuers', () => {
  it("registers each NIT's software once; a production tenant's resolutions are its ranges, a habilitación one's not", () => {
    let registrations: DianRegistration[] = [
      registration({}),
      registration({ tenantId: 'acme-2', software: { id: 'sw-2', pin: '2', providerNit: demoTenant.nit } }),
      registration({ tenantId: 'prod', nit: '900373115', legalName: 'PROD S.A.S.', environment: '1' }),
    ];
    const issuers = tenantIssuers(() => registrations);
    expect(issuers(demoTenant.nit)).toMatchObject({ software: [{ id: demoSoftware.id }, { id: 'sw-2' }], ranges: [] });
    const { id: _id, ...own } = registrations[2]!.resolutions[0]!;
    expect(issuers('900373115')?.ranges).toEqual([{ ...own, resolutionDate: own.startDate }]);
    registrations = [];
    expect(issuers(demoTenant.nit)).toBeUndefined();
  });
});
