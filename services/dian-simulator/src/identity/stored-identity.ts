import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { SimulatorIdentity } from '../config.ts';

/**
 * The file name of the embedded simulator's identity: kept across restarts so it can be the trust anchor for DIAN's
 * answers (docs/dian-web-service.md, "Trusting DIAN's answers").
 */
export const STORED_IDENTITY_FILE = 'dian-simulator-identity.pem';

/** The stable code of an identity file that cannot be used; the message names the file, never its content. */
export class SimulatorIdentityError extends Error {
  readonly code = 'SIMULATOR_IDENTITY_INVALID';
  readonly retriable = false;
}

const CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g;
const PRIVATE_KEY = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n?/;

/** The file's content for an identity: the PKCS#8 key, then the certificate. */
export const storedIdentityPem = (identity: SimulatorIdentity): string =>
  `${identity.privateKeyPem.trimEnd()}\n${identity.certificatePem.trimEnd()}\n`;

/** Reads an identity back from the file's content; the certificate must belong to the key. */
export function storedIdentity(pem: string, file: string): SimulatorIdentity {
  const keyPem = PRIVATE_KEY.exec(pem)?.[0];
  const certificatePem = pem.match(CERTIFICATE)?.[0];
  if (!keyPem || !certificatePem)
    throw new SimulatorIdentityError(`${file} does not hold a PEM private key and certificate`);
  try {
    if (!new X509Certificate(certificatePem).checkPrivateKey(createPrivateKey(keyPem))) throw new Error('mismatch');
  } catch {
    throw new SimulatorIdentityError(`${file}: its certificate is unreadable or not the one of its private key`);
  }
  return { privateKeyPem: keyPem, certificatePem };
}

/** Only the certificates of a PEM text (what an auditor trusts from the identity file; the key stays unread). */
export const certificatesOf = (pem: string): string[] => pem.match(CERTIFICATE) ?? [];
