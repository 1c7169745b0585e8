import { XadesError } from '../errors.ts';
import type { ChainCertificate } from './credential.ts';

/** DIAN rejects a signature whose SigningTime falls outside the certificate's validity (ZD02). */
export function assertValidAt(cert: ChainCertificate, at: Date): void {
  const t = at.getTime();
  if (t < cert.notBefore.getTime())
    throw new XadesError('CERT_NOT_YET_VALID', `valid from ${cert.notBefore.toISOString()}`);
  if (t > cert.notAfter.getTime()) throw new XadesError('CERT_EXPIRED', `expired ${cert.notAfter.toISOString()}`);
}
