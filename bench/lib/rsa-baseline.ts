import { generateKeyPairSync, sign } from 'node:crypto';
import { measure, type Measurement } from './measure.ts';

/** One RSA-2048 PKCS#1 v1.5 SHA-256 signature with node:crypto: the cost floor of any XAdES signature. */
export function measureRsa2048(): Measurement {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(512, 7);
  return measure('RSA-2048 signature (node:crypto)', () => sign('sha256', data, privateKey));
}

/**
 * CPU (not wall) time of one RSA-2048 signature on this thread, the median of 7 rounds of 100: the unit in which the
 * benches and the CPU budget state CPU per invoice, so a slower or busier machine moves both sides of the ratio.
 */
export function rsa2048CpuMs(): number {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(512, 7);
  const rounds: number[] = [];
  for (let round = 0; round < 7; round++) {
    const start = process.threadCpuUsage();
    for (let i = 0; i < 100; i++) sign('sha256', data, privateKey);
    const used = process.threadCpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / 100);
  }
  return rounds.sort((a, b) => a - b)[3]!;
}
