import { X509Certificate } from 'node:crypto';
import { nitCheckDigit } from '@fe/dian-domain/primitives';
import { XadesError } from '../errors.ts';
import type { ChainCertificate } from './credential.ts';

/**
 * The NITs a certificate's subject names. Colombian CAs write the holder's NIT in the subject:
 * in serialNumber (2.5.4.5), in an attribute of their own OID, or inside CN/OU text, with or
 * without its DV ("900123456", "900123456-8", "9001234568", "900.123.456-8"). So every run of
 * digits of every subject value counts, and a run whose last digit is the DV of the rest counts
 * without it too. Read once per certificate (the credential cache keeps the same object).
 */
const named = new WeakMap<ChainCertificate, ReadonlySet<string>>();
export function subjectNits(certificate: ChainCertificate): ReadonlySet<string> {
  let nits = named.get(certificate);
  if (nits) return nits;
  const found = new Set<string>();
  for (const line of new X509Certificate(certificate.der).subject.split('\n')) {
    const value = line.slice(line.indexOf('=') + 1).replace(/[.\s]/g, '');
    for (const [, digits, dv] of value.matchAll(/(\d+)(?:-(\d))?/g)) {
      found.add(digits!);
      const rest = digits!.slice(0, -1);
      if (dv === undefined && rest.length >= 1 && rest.length <= 15 && String(nitCheckDigit(rest)) === digits!.slice(-1)) found.add(rest);
    }
  }
  named.set(certificate, (nits = found));
  return nits;
}

/**
 * DIAN rule ZE03: the signing certificate must belong to the issuer or to the technology provider
 * that signs for it. Throws CERT_NOT_ISSUERS, naming the NITs looked for (public data) and not the
 * certificate's subject.
 *
 *   assertCertificateOfIssuer(credential.chain[0], [tenant.nit, software.providerNit]);
 */
export function assertCertificateOfIssuer(leaf: ChainCertificate, nits: readonly string[]): void {
  const names = subjectNits(leaf);
  if (!nits.some((nit) => names.has(nit))) {
    throw new XadesError('CERT_NOT_ISSUERS', `its subject names none of NIT ${[...new Set(nits)].join(', ')}`);
  }
}
