import { generateKeyPairSync, sign } from 'node:crypto';
import { measure, type Measurement } from './measure.ts';

/** One RSA-2048 PKCS#1 v1.5 SHA-256 signature with node:crypto: the cost floor of any XAdES signature. */
export function measureRsa2048(): Measurement {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(512, 7);
  return measure('RSA-2048 signature (node:crypto)', () => sign('sha256', data, privateKey));
}
