// `pnpm fe sign` and `pnpm fe verify` as an auditor runs them: real processes, real files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoResolution } from '@fe/dian-domain';
import { makeTestCerts, repoRoot, xmlsec1Verify } from '@fe/xades/testing';

const PASSWORD = 'prueba-firma-123';
let dir: string;
const fe = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [join(repoRoot, 'apps/cli/src/main.ts'), ...args], {
    encoding: 'utf8',
    cwd: repoRoot,
    env: { ...process.env, INIT_CWD: repoRoot, ...env },
    timeout: 60_000,
  });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fe-cli-'));
  makeTestCerts(dir);
  const unsigned = fe(['xml', 'examples/invoice-request.json']);
  expect(unsigned.status).toBe(0);
  writeFileSync(join(dir, 'unsigned.xml'), unsigned.stdout);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fe sign / fe verify', () => {
  it('signs with a legacy .p12 (password from the environment) and verifies with the CUFE', () => {
    const signed = fe(
      ['sign', join(dir, 'unsigned.xml'), '--p12', join(dir, 'tenant-legacy.p12'), '--password-env', 'FE_P12_PASSWORD'],
      { FE_P12_PASSWORD: PASSWORD },
    );
    expect(signed.status, signed.stderr).toBe(0);
    expect(signed.stdout + signed.stderr).not.toContain(PASSWORD);
    const file = join(dir, 'signed.xml');
    writeFileSync(file, signed.stdout);
    expect(xmlsec1Verify(file, join(dir, 'ca.pem')).ok).toBe(true);

    const report = fe([
      'verify',
      file,
      '--trusted',
      join(dir, 'ca.pem'),
      '--technical-key',
      demoResolution.technicalKey,
    ]);
    expect(report.status, report.stdout).toBe(0);
    expect(report.stdout).toMatch(/^OK {3}reference 3 .*$/m);
    expect(report.stdout).toMatch(/^OK {3}CUFE: recomputed, matches cbc:UUID$/m);
    expect(report.stdout.trim().endsWith('VALID')).toBe(true);

    expect(fe(['verify', file, '--trusted', join(dir, 'other-ca.pem')]).status).toBe(1);
    expect(fe(['verify', file, '--technical-key', 'not-the-key']).status).toBe(1);
    writeFileSync(join(dir, 'tampered.xml'), signed.stdout.replace('Almuerzo', 'Almuerz0'));
    const tampered = fe(['verify', join(dir, 'tampered.xml')]);
    expect(tampered.status).toBe(1);
    expect(tampered.stdout).toMatch(/^FAIL reference 1 /m);
  });

  it('reports certificate problems by code and never prints the password', () => {
    const wrong = fe(['sign', join(dir, 'unsigned.xml'), '--p12', join(dir, 'tenant.p12'), '--password-env', 'PW'], {
      PW: 'clave-equivocada',
    });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/^error P12_WRONG_PASSWORD:/);
    expect(wrong.stderr).not.toContain('clave-equivocada');
    const expired = fe(['sign', join(dir, 'unsigned.xml'), '--p12', join(dir, 'expired.p12'), '--password-env', 'PW'], {
      PW: PASSWORD,
    });
    expect(expired.stderr).toMatch(/^error CERT_EXPIRED:/);
    expect(fe(['sign', join(dir, 'unsigned.xml'), '--p12', join(dir, 'tenant.p12')]).status).toBe(2);
  });
});
