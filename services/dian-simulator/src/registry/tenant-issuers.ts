import type { NumberingResolution } from '@fe/dian-domain';
import type { SimulatorIssuer } from '../config.ts';
import type { IssuerSource } from './issuer-registry.ts';

/** A tenant as DIAN's portal would hold it once the company registered (@fe/tenancy's DianRegistration). */
export type TenantRegistration = {
  environment: '1' | '2';
  nit: string;
  legalName: string;
  /** The reception e-mail the company registered (its own, else its company e-mail). */
  receptionEmail?: string;
  software: { id: string; pin: string; providerNit: string };
  resolutions: readonly NumberingResolution[];
};

/**
 * The simulator's registry of issuers from the service's tenants: each company registered at DIAN's portal what it
 * typed here (NIT, software and PIN). Its ranges are DIAN's: in habilitación the public test range the simulator
 * gives every issuer, in production the tenant's resolutions. `registrations` is asked on each document: a new array
 * when they changed.
 */
export function tenantIssuers(registrations: () => readonly TenantRegistration[]): IssuerSource {
  let seen: readonly TenantRegistration[] | undefined;
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

function issuersByNit(registrations: readonly TenantRegistration[]): Map<string, SimulatorIssuer> {
  const byNit = new Map<string, SimulatorIssuer>();
  for (const r of registrations) {
    const issuer = byNit.get(r.nit) ?? {
      nit: r.nit,
      legalName: r.legalName,
      ...(r.receptionEmail ? { receptionEmail: r.receptionEmail } : {}),
      software: [],
      ranges: [],
    };
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
