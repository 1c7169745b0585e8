import type { IssuerSource, SimulatorIssuer } from '@fe/dian-simulator';
import type { DianRegistration } from '@fe/tenancy/registrations';

/**
 * The built-in simulator's registry of issuers from the data folder's tenants: each company registered at DIAN's
 * portal what it typed here (NIT, software and PIN). Its ranges are DIAN's: in habilitación the public test range the
 * simulator gives every issuer, in production the tenant's resolutions.
 */
export function tenantIssuers(registrations: () => readonly DianRegistration[]): IssuerSource {
  let seen: readonly DianRegistration[] | undefined;
  let byNit = new Map<string, SimulatorIssuer>();
  return (nit) => {
    const current = registrations();
    if (current !== seen) {
      byNit = issuersByNit(current);
      seen = current;
    }
    return byNit.get(nit);
  };
}

function issuersByNit(registrations: readonly DianRegistration[]): Map<string, SimulatorIssuer> {
  const byNit = new Map<string, SimulatorIssuer>();
  for (const r of registrations) {
    const issuer = byNit.get(r.nit) ?? { nit: r.nit, legalName: r.legalName, software: [], ranges: [] };
    if (!issuer.software.some((s) => s.id === r.software.id))
      issuer.software.push({ ...r.software, environment: r.environment });
    if (r.environment === '1')
      for (const { id: _id, ...range } of r.resolutions)
        if (
          !issuer.ranges.some(
            (known) => known.prefix === range.prefix && known.authorizationNumber === range.authorizationNumber,
          )
        )
          issuer.ranges.push({ ...range, resolutionDate: range.startDate });
    byNit.set(r.nit, issuer);
  }
  return byNit;
}
