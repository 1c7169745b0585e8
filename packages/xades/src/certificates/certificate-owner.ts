import { X509Certificate } from 'node:crypto';
import { nitCheckDigit } from '@fe/dian-domain/primitives';
import { XadesError } from '../errors.ts';
import type { ChainCertificate } from './credential.ts';

/**
 * The NITs a certificate's subject names. Colombian CAs write the NIT in various attributes, with or without its
 * DV, so every digit run counts, and one ending in its own DV counts without it too.
 */
const named = new WeakMap<Pick<ChainCertificate, 'der'>, ReadonlySet<string>>();
export function subjectNits(certificate: Pick<ChainCertificate, 'der'>): ReadonlySet<string> {
  let nits = named.get(certificate);
  if (nits) return nits;
  const found = new Set<string>();
  for (const line of new X509Certificate(certificate.der).subject.split('\n')) {
    const value = line.slice(line.indexOf('=') + 1).replace(/[.\s]/g, '');
    for (const [, digits, dv] of value.matchAll(/(\d+)(?:-(\d))?/g)) {
      found.add(digits!);
      const rest = digits!.slice(0, -1);
      if (
        dv === undefined &&
        rest.length >= 1 &&
        rest.length <= 15 &&
        String(nitCheckDigit(rest)) === digits!.slice(-1)
      )
        found.add(rest);
    }
  }
  named.set(certificate, (nits = found));
  return nits;
}

/**
 * DIAN rule ZE03: the signing certificate belongs to the issuer or its technology provider. CERT_NOT_ISSUERS names
 * the NITs looked for, not the certificate's subject.
 */
export function assertCertificateOfIssuer(leaf: ChainCertificate, nits: readonly string[]): void {
  const names = subjectNits(leaf);
  if (!nits.some((nit) => names.has(nit))) {
    throw new XadesError('CERT_NOT_ISSUERS', `its subject names none of NIT ${[...new Set(nits)].join(', ')}`);
  }
}
