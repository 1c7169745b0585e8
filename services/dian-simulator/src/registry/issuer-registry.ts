import { demoResolution } from '@fe/dian-domain/primitives';
import type { SimulatorConfig, SimulatorIssuer, SimulatorRange } from '../config.ts';

/**
 * Issuers DIAN knows besides the configured ones, by NIT (the embedded service's tenants, read as they change);
 * called for each document, so it answers from memory.
 */
export type IssuerSource = (nit: string) => SimulatorIssuer | undefined;

const { id: _id, ...testRange } = demoResolution;
/** DIAN's public test range, which every software in habilitación numbers its test set with (reference §6.7). */
export const habilitacionTestRange: SimulatorRange = { ...testRange, resolutionDate: testRange.startDate };

/**
 * The registry the rules and GetNumberingRange read: the configured issuers and the source's, one issuer per NIT
 * (their software and ranges together); in habilitación each also has the public test range.
 */
export function issuerRegistry(
  config: Pick<SimulatorConfig, 'issuers' | 'environment'>,
  source?: IssuerSource,
): IssuerSource {
  const complete = (issuer: SimulatorIssuer): SimulatorIssuer =>
    config.environment === '2' && !issuer.ranges.some((r) => sameRange(r, habilitacionTestRange))
      ? { ...issuer, ranges: [...issuer.ranges, habilitacionTestRange] }
      : issuer;
  const configured = new Map<string, SimulatorIssuer>();
  for (const issuer of config.issuers) {
    const known = configured.get(issuer.nit);
    configured.set(issuer.nit, known ? merged(known, issuer) : issuer);
  }
  for (const [nit, issuer] of configured) configured.set(nit, complete(issuer));
  if (!source) return (nit) => configured.get(nit);
  return (nit) => {
    const found = source(nit);
    const known = configured.get(nit);
    if (!found) return known;
    return complete(known ? merged(known, found) : found);
  };
}

/** One NIT's registrations together; the first one's name (FAJ43b compares it) and a software or range once. */
function merged(first: SimulatorIssuer, second: SimulatorIssuer): SimulatorIssuer {
  return {
    nit: first.nit,
    legalName: first.legalName,
    ...(first.receptionEmail || second.receptionEmail
      ? { receptionEmail: first.receptionEmail ?? second.receptionEmail }
      : {}),
    software: [...first.software, ...second.software.filter((s) => !first.software.some((f) => f.id === s.id))],
    ranges: [...first.ranges, ...second.ranges.filter((r) => !first.ranges.some((f) => sameRange(f, r)))],
  };
}

const sameRange = (a: SimulatorRange, b: SimulatorRange) =>
  a.prefix === b.prefix && a.authorizationNumber === b.authorizationNumber;
