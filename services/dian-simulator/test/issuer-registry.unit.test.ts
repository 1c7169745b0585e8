// DIAN's registry as the simulator reads it: the configured issuers and a source's (the embedded service's tenants),
// one issuer per NIT, and in habilitación DIAN's public test range for each.
import { describe, expect, it } from 'vitest';
import { demoIssuer, habilitacionTestRange, type SimulatorIssuer } from '../src/index.ts';
import { issuerRegistry } from '../src/registry/issuer-registry.ts';

const other: SimulatorIssuer = {
  nit: '900373115',
  legalName: 'OTRA EMPRESA S.A.S.',
  software: [{ id: 'sw-otra', pin: '1', providerNit: '900373115' }],
  ranges: [],
};

describe('issuerRegistry', () => {
  it('gives every issuer in habilitación the public test range once, and none in production', () => {
    const habilitacion = issuerRegistry({ issuers: [demoIssuer, other], environment: '2' });
    expect(habilitacion(other.nit)?.ranges).toEqual([habilitacionTestRange]);
    expect(habilitacion(demoIssuer.nit)?.ranges).toEqual(demoIssuer.ranges);
    expect(issuerRegistry({ issuers: [other], environment: '1' })(other.nit)?.ranges).toEqual([]);
  });

  it("adds a source's issuers, one per NIT with the configured one's software first, read on every lookup", () => {
    let registered: SimulatorIssuer[] = [];
    const registry = issuerRegistry({ issuers: [demoIssuer], environment: '2' }, (nit) =>
      registered.find((i) => i.nit === nit),
    );
    expect(registry(other.nit)).toBeUndefined();
    registered = [other, { ...other, nit: demoIssuer.nit, software: [...other.software, demoIssuer.software[0]!] }];
    expect(registry(other.nit)?.software.map((s) => s.id)).toEqual(['sw-otra']);
    expect(registry(demoIssuer.nit)).toMatchObject({
      legalName: demoIssuer.legalName,
      software: [...demoIssuer.software, other.software[0]],
      ranges: demoIssuer.ranges,
    });
  });
});
