// A .p12 re-exported by OpenSSL with a chosen iteration count (`openssl pkcs12 -export -iter N`), as a person would
// make one: OpenSSL's native derivations make even millions of iterations quick to write, never to open in forge.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The same key and certificates as `p12`, re-exported with `iterations` for the MAC and each encrypted part. */
export function repackP12(p12: Uint8Array, password: string, iterations: number): Buffer {
  const env = { ...process.env, OPENSSL_CONF: '/dev/null', P12_PASS: password };
  const dir = mkdtempSync(join(tmpdir(), 'fe-repack-'));
  try {
    const pem = spawnSync('openssl', ['pkcs12', '-nodes', '-passin', 'env:P12_PASS'], { input: p12, env });
    if (pem.status !== 0) throw new Error(`openssl pkcs12 (read) failed: ${pem.stderr.toString()}`);
    writeFileSync(join(dir, 'all.pem'), pem.stdout, { mode: 0o600 });
    const args = ['pkcs12', '-export', '-in', join(dir, 'all.pem'), '-passout', 'env:P12_PASS'];
    const out = spawnSync('openssl', [...args, '-iter', String(iterations)], { env });
    if (out.status !== 0) throw new Error(`openssl pkcs12 -export failed: ${out.stderr.toString()}`);
    return out.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
