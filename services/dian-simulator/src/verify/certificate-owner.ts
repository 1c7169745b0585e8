import type { X509Certificate } from 'node:crypto';
import { dv } from '../rules/party-rules.ts';

/**
 * The NITs a certificate's subject names (ZE03), every digit run with or without its DV. Written apart from
 * @fe/xades's check on purpose: the simulator checks the product.
 */
const namesOf = new WeakMap<X509Certificate, ReadonlySet<string>>();
function subjectNits(certificate: X509Certificate): ReadonlySet<string> {
  let nits = namesOf.get(certificate);
  if (nits) return nits;
  const found = new Set<string>();
  for (const line of certificate.subject.split('\n')) {
    const value = line.slice(line.indexOf('=') + 1).replace(/[.\s]/g, '');
    for (const [, digits, checkDigit] of value.matchAll(/(\d+)(?:-(\d))?/g)) {
      found.add(digits!);
      if (checkDigit === undefined && digits!.length > 1 && String(dv(digits!.slice(0, -1))) === digits!.slice(-1))
        found.add(digits!.slice(0, -1));
    }
  }
  namesOf.set(certificate, (nits = found));
  return nits;
}

/** ZE03: the signing certificate must belong to the issuer or to the technology provider of its software. */
export function certificateBelongsTo(certificate: X509Certificate, nits: readonly (string | undefined)[]): boolean {
  const named = subjectNits(certificate);
  return nits.some((nit) => nit !== undefined && nit !== '' && named.has(nit));
}
