import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Runs the real command line the README shows, through pnpm, as an integrator would.
const root = new URL('../../../', import.meta.url).pathname;
const fe = (...args: string[]) => spawnSync('pnpm', ['fe', ...args], { cwd: root, encoding: 'utf8' });

describe('pnpm fe xml', () => {
  it('prints only the XML on stdout, which xmllint accepts against the UBL XSD', () => {
    const run = fe('xml', 'examples/invoice-request.json');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.startsWith('<?xml')).toBe(true);
    const file = join(mkdtempSync(join(tmpdir(), 'fe-cli-')), 'invoice.xml');
    writeFileSync(file, run.stdout);
    const lint = spawnSync(
      'xmllint',
      ['--noout', '--schema', join(root, 'spec/dian/xsd/maindoc/UBL-Invoice-2.1.xsd'), file],
      { encoding: 'utf8' },
    );
    expect(lint.status, lint.stderr).toBe(0);
  });

  it('prints the error body and exits 1 for a bad request', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fe-cli-')), 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        customer: { document_type: '31', document_number: '900108281', name: 'X' },
        lines: [{ code: 'a', name: 'b', quantity: 1, unit_price: 1, taxes: [{ code: '01', name: 'IVA', rate: 7 }] }],
        payment: { method_code: '10' },
      }),
    );
    const run = fe('xml', file);
    expect(run.status).toBe(1);
    const body = JSON.parse(run.stdout);
    expect(body).toMatchObject({
      success: false,
      error: { code: 'TAX_RATE_INVALID', details: [{ path: 'lines.0.taxes.0.rate' }] },
    });
    expect(typeof body.request_id).toBe('string');
  });

  it('answers -h and xml --help through the real command line: usage on stdout, exit 0', () => {
    const overview = fe('-h');
    expect(overview.status, overview.stderr).toBe(0);
    expect(overview.stdout).toContain('usage: pnpm fe');
    const help = fe('xml', '--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('pnpm fe xml examples/invoice-request.json');
  });

  it('exits 2 with usage for an unknown command', () => {
    const run = fe('frobnicate');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: pnpm fe');
  });
});
