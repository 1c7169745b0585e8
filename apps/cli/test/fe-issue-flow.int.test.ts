import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readInvoiceDocument } from '@fe/dian-xml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The auditor's and integrator's path through the command line, end to end against the local DIAN:
// fe xml → fe sign → fe verify → fe dian-simulator + fe submit (accepted, then DIAN's rule 90) → fe pdf.
const root = new URL('../../../', import.meta.url).pathname;
// The Node 24 binary itself: node_modules/.bin/node is a shell shim, and a SIGTERM to the shim left
// the simulator it started running after the suite (found orphaned under PID 1).
const node = process.execPath;
const main = join(root, 'apps/cli/src/main.ts');
const dir = mkdtempSync(join(tmpdir(), 'fe-flow-'));
// INIT_CWD: the CLI resolves relative paths from where the user typed the command (pnpm sets it).
const env = { ...process.env, INIT_CWD: dir, FE_P12_PASSWORD: 'prueba-firma-123' };
const fe = (...args: string[]) =>
  spawnSync(node, [main, ...args], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });

let simulator: ChildProcess | undefined;
let endpoint = '';

beforeAll(async () => {
  const certs = spawnSync('bash', [join(root, 'packages/xades/test-support/make-test-certs.sh'), join(dir, 'certs')], {
    encoding: 'utf8',
  });
  if (certs.status !== 0) throw new Error(certs.stderr);
  simulator = spawn(node, [main, 'dian-simulator', '--trust', join(dir, 'certs/ca.pem'), '--port', '0'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the simulator did not start within 30 s')), 30_000);
    let out = '';
    simulator!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /at (http:\/\/127\.0\.0\.1:\d+\S*)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    simulator!.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
  });
}, 60_000);

afterAll(async () => {
  if (simulator && simulator.exitCode === null) {
    const exited = new Promise((resolve) => simulator!.once('exit', resolve));
    simulator.kill('SIGTERM');
    await exited;
  }
});

describe('fe xml → sign → verify → submit → pdf', () => {
  it('issues, signs, verifies, is accepted by the simulator once, and renders', () => {
    const xml = fe('xml', join(root, 'examples/invoice-request.json'));
    expect(xml.status, xml.stderr).toBe(0);
    writeFileSync(join(dir, 'invoice.xml'), xml.stdout);
    const invoice = readInvoiceDocument(xml.stdout);
    const issuedAt = `${invoice.issueDate!}T${invoice.issueTime!}`;

    const signed = fe(
      'sign',
      'invoice.xml',
      '--p12',
      'certs/tenant-rc2.p12',
      '--password-env',
      'FE_P12_PASSWORD',
      '--signing-time',
      issuedAt,
    );
    expect(signed.status, signed.stderr).toBe(0);
    expect(signed.stdout + signed.stderr).not.toContain('prueba-firma-123');
    writeFileSync(join(dir, 'signed.xml'), signed.stdout);

    const verified = fe(
      'verify',
      'signed.xml',
      '--trusted',
      'certs/ca.pem',
      '--technical-key',
      'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
    );
    expect(verified.status, verified.stdout + verified.stderr).toBe(0);

    const first = fe(
      'submit',
      'signed.xml',
      '--endpoint',
      endpoint,
      '--p12',
      'certs/tenant.p12',
      '--password-env',
      'FE_P12_PASSWORD',
    );
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ isValid: true, statusCode: '00' });

    const again = fe(
      'submit',
      'signed.xml',
      '--endpoint',
      endpoint,
      '--p12',
      'certs/tenant.p12',
      '--password-env',
      'FE_P12_PASSWORD',
    );
    expect(again.status).toBe(1);
    expect(again.stdout).toContain('"90"');

    const pdf = fe('pdf', 'signed.xml', '--out', 'invoice.pdf');
    expect(pdf.status, pdf.stderr).toBe(0);
    const text = spawnSync('pdftotext', [join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain(invoice.key!.slice(0, 40));
  });

  it('a tampered document verifies as failed and the simulator rejects it', () => {
    const signed = fe(
      'sign',
      'invoice.xml',
      '--p12',
      'certs/tenant.p12',
      '--password-env',
      'FE_P12_PASSWORD',
      '--signing-time',
      `${readInvoiceDocument(fe('xml', join(root, 'examples/invoice-request.json')).stdout).issueDate!}T12:00:00-05:00`,
    );
    expect(signed.status, signed.stderr).toBe(0);
    writeFileSync(join(dir, 'tampered.xml'), signed.stdout.replace('Almuerzo ejecutivo', 'Almuerzo ejecutivX'));
    expect(fe('verify', 'tampered.xml', '--trusted', 'certs/ca.pem').status).not.toBe(0);
    const submitted = fe(
      'submit',
      'tampered.xml',
      '--endpoint',
      endpoint,
      '--p12',
      'certs/tenant.p12',
      '--password-env',
      'FE_P12_PASSWORD',
    );
    expect(submitted.status).toBe(1);
    expect(JSON.parse(submitted.stdout)).toMatchObject({ isValid: false, statusCode: '99' });
  });
});
