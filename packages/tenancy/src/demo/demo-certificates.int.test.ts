import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoTenant } from '@fe/dian-domain';
import { makeDemoCertificates } from './demo-certificates.ts';

// OpenSSL as an independent reader of what node-forge wrote: the .p12 must open with its password
// and the leaf must verify against the CA under OpenSSL's own chain rules (CA:true, keyCertSign,
// key identifiers), as the DIAN simulator and xmlsec1 will check it.
const openssl = (args: string[], cwd: string) =>
  spawnSync('openssl', args, {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, OPENSSL_CONF: '/dev/null' },
  });

describe('makeDemoCertificates (OpenSSL)', () => {
  const now = new Date();
  const demo = makeDemoCertificates(demoTenant, now);
  const dir = mkdtempSync(join(tmpdir(), 'fe-demo-certs-'));
  writeFileSync(join(dir, 'demo.p12'), demo.p12);
  writeFileSync(join(dir, 'ca.pem'), demo.caPem);
  writeFileSync(join(dir, 'leaf.pem'), demo.leafPem);

  it('writes a .p12 OpenSSL opens with the password (leaf, CA and key), and refuses with another', () => {
    const ok = openssl(['pkcs12', '-in', 'demo.p12', '-passin', `pass:${demo.password}`, '-nodes'], dir);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(2);
    expect(ok.stdout).toContain('-----BEGIN PRIVATE KEY-----');
    expect(openssl(['pkcs12', '-in', 'demo.p12', '-passin', 'pass:wrong', '-nodes'], dir).status).not.toBe(0);
  });

  it('issues a leaf that verifies against the CA for signing purposes', () => {
    const verified = openssl(['verify', '-x509_strict', '-CAfile', 'ca.pem', 'leaf.pem'], dir);
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stdout).toContain('leaf.pem: OK');
    const text = openssl(['x509', '-in', 'leaf.pem', '-noout', '-text'], dir).stdout;
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).toMatch(/Public-Key: \(2048 bit\)/);
  });
});
