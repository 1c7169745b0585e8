import { generateKeyPairSync, sign } from 'node:crypto';
import { measure, type Measurement } from './measure.ts';

/** One RSA-2048 PKCS#1 v1.5 SHA-256 signature with node:crypto: the cost floor of any XAdES signature. */
export function measureRsa2048(): Measurement {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(512, 7);
  return measure('RSA-2048 signature (node:crypto)', () => sign('sha256', data, privateKey));
}

/**
 * CPU (not wall) time of one RSA-2048 signature on this thread: the unit in which the benches and the CPU budget state
 * CPU per invoice, so a slower or busier machine moves both sides of the ratio. The total over 1,000 signatures
 * (about 0.3 s), not a median of short rounds: this kernel counts a thread's CPU in 4 ms ticks, which made a
 * 30 ms round read 24, 28 or 32 ms.
 */
export function rsa2048CpuMs(): number {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(512, 7);
  const signatures = 1_000;
  const start = process.threadCpuUsage();
  for (let i = 0; i < signatures; i++) sign('sha256', data, privateKey);
  const used = process.threadCpuUsage(start);
  return (used.user + used.system) / 1000 / signatures;
}
