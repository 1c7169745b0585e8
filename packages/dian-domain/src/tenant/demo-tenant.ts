import type { NumberingResolution, SoftwareRegistration, Tenant } from './tenant.ts';

/**
 * The demo tenant (docs/api.md, "Tenants"): habilitación and DIAN's public test range; fictitious company data with
 * a valid DV.
 */
export const demoTenant: Tenant = {
  id: 'demo',
  nit: '900123456',
  dv: 8,
  legalName: 'EMPRESA DEMO S.A.S.',
  tradeName: 'Empresa Demo',
  personType: '1',
  taxLevelCodes: ['O-13', 'O-15'],
  taxScheme: '01',
  address: { line: 'Calle 100 # 10 - 20', cityCode: '11001', postalZone: '110111' },
  email: 'facturacion@demo.example',
  phone: '6015550100',
};

export const demoResolution: NumberingResolution = {
  id: 'demo-setp',
  authorizationNumber: '18760000001',
  prefix: 'SETP',
  from: '990000000',
  to: '995000000',
  startDate: '2019-01-19',
  endDate: '2030-01-19',
  technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
};

export const demoSoftware: SoftwareRegistration = {
  id: '00000000-0000-4000-8000-000000000001',
  pin: '12345',
  providerNit: '900123456',
  providerDv: 8,
  providerName: 'EMPRESA DEMO S.A.S. (software propio)',
};
