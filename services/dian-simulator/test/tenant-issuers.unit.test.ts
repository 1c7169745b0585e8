import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { describe, expect, it } from 'vitest';
import { tenantIssuers, type TenantRegistration } from '../src/index.ts';

const registration = (overrides: Partial<TenantRegistration>): TenantRegistration => ({
  environment: '2',
  nit: demoTenant.nit,
  legalName: demoTenant.legalName,
  software: { id: demoSoftware.id, pin: demoSoftware.pin, providerNit: demoSoftware.providerNit },
  resolutions: [{ ...demoResolution, id: 'own', prefix: 'FE', authorizationNumber: '18764000000001' }],
  ...overrides,
});

describe('tenantIssuers', () => {
  it("registers each NIT's software once; a production tenant's resolutions are its ranges, a habilitación one's not", () => {
    let registrations: TenantRegistration[] = [
      registration({}),
      registration({ software: { id: 'sw-2', pin: '2', providerNit: demoTenant.nit } }),
      registration({ nit: '900373115', legalName: 'PROD S.A.S.', environment: '1' }),
    ];
    const issuers = tenantIssuers(() => registrations);
    expect(issuers(demoTenant.nit)).toMatchObject({
      software: [
        { id: demoSoftware.id, environment: '2' },
        { id: 'sw-2', environment: '2' },
      ],
      ranges: [],
    });
    expect(issuers('900373115')?.software).toEqual([{ ...registrations[2]!.software, environment: '1' }]);
    const { id: _id, ...own } = registrations[2]!.resolutions[0]!;
    expect(issuers('900373115')?.ranges).toEqual([{ ...own, resolutionDate: own.startDate }]);
    registrations = [];
    expect(issuers(demoTenant.nit)).toBeUndefined();
  });
});
