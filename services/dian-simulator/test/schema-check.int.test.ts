// ZB01's XSD check (libxml2 in the simulator's thread) on signed documents, and against the xmllint program as an
// independent check: the same verdict and the same schema messages on a table of valid and broken documents.
// libxml2's 24-digit integer limit on X509SerialNumber is not a failure (real CAs' serials exceed it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCase, buildNoteCase, invoiceCases, noteCases } from '@fe/dian-domain/testing';
import type { DocumentKind } from '../src/rules/invoice-view.ts';
import { schemaCheckFor, type SchemaCheck } from '../src/validate/schema-check.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { signedNote } from '../test-support/notes.ts';
import { dianSpecDir, makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let valid: string;
const check: SchemaCheck = schemaCheckFor('on')!;
beforeAll(() => {
  world = makeWorld();
  valid = signedInvoice({ credential: world.tenant }).xml;
});
afterAll(() => world?.cleanup());

const SERIAL_LIMIT = /X509SerialNumber'?: '\d+' is not a valid value of the atomic type 'xs:integer'/;
const lines = (xml: string) => /<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/.exec(xml)![0];
const withSerial = (xml: string, serial: string) =>
  xml.replace(
    /<ds:X509SerialNumber>\d+<\/ds:X509SerialNumber>/,
    `<ds:X509SerialNumber>${serial}</ds:X509SerialNumber>`,
  );

describe('the ZB01 schema check on signed documents', () => {
  it('passes a signed invoice of the product', () => {
    expect(check(valid)).toEqual({ valid: true, errors: [] });
  });

  it('passes a 20-byte (48-digit) certificate serial, which libxml2 cannot hold as xs:integer', () => {
    const serial = '9'.repeat(48);
    const xml = withSerial(valid, serial);
    expect(xml).toContain(serial);
    expect(check(xml).valid).toBe(true);
  });

  it('fails an element out of order and a value of the wrong type, naming them', () => {
    const order = check(
      valid.replace(/(<cbc:IssueDate>[^<]+<\/cbc:IssueDate>)(<cbc:IssueTime>[^<]+<\/cbc:IssueTime>)/, '$2$1'),
    );
    expect(order.valid).toBe(false);
    expect(order.errors.join('\n')).toContain('IssueTime');
    const type = check(valid.replace(/<cbc:LineCountNumeric>4</, '<cbc:LineCountNumeric>cuatro<'));
    expect(type.valid).toBe(false);
    expect(type.errors.join('\n')).toContain('LineCountNumeric');
  });

  it('fails, without throwing, a document with more faults than it keeps messages for', () => {
    const line = lines(valid);
    const broken = line.replace('<cbc:LineExtensionAmount', '<cbc:Nonsense>x</cbc:Nonsense><cbc:LineExtensionAmount');
    const flood = check(valid.replace(line, broken.repeat(2_000)));
    expect(flood.valid).toBe(false);
    expect(flood.errors).toHaveLength(101);
    expect(flood.errors.at(-1)).toBe('1900 more schema errors');
  });
});

describe('the in-process check and the xmllint program agree', () => {
  type Case = { name: string; kind: DocumentKind; xml: () => string };
  const built = buildCase(invoiceCases[0]!.request).xml;
  const broken = (name: string, from: RegExp | string, to: string): Case => ({
    name,
    kind: 'invoice',
    xml: () => {
      const xml = built.replace(from, to);
      if (xml === built) throw new Error(`fixture drift: ${name}`);
      return xml;
    },
  });
  const cases: Case[] = [
    { name: 'signed invoice', kind: 'invoice', xml: () => valid },
    { name: 'signed invoice, 48-digit serial', kind: 'invoice', xml: () => withSerial(valid, '9'.repeat(48)) },
    ...(['credit-note', 'debit-note'] as const).map((kind) => ({
      name: `signed ${kind}`,
      kind,
      xml: () =>
        signedNote({
          kind,
          invoice: { id: 'SETP990000001', cufe: 'ab'.repeat(48), issueDate: '2026-03-10' },
          credential: world.tenant,
        }).xml,
    })),
    ...invoiceCases
      .slice(0, 4)
      .map((c) => ({ name: c.name, kind: 'invoice' as const, xml: () => buildCase(c.request).xml })),
    ...(['credit', 'debit'] as const).map((k) => {
      const note = noteCases.find((c) => c.content.kind === k)!;
      return { name: `${k} note ${note.name}`, kind: `${k}-note` as const, xml: () => buildNoteCase(note.content).xml };
    }),
    broken('out of order', /(<cbc:IssueDate>[^<]+<\/cbc:IssueDate>)(<cbc:IssueTime>[^<]+<\/cbc:IssueTime>)/, '$2$1'),
    broken('no invoice line', /<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/, ''),
    broken('wrong type', /<cbc:LineCountNumeric>\d+</, '<cbc:LineCountNumeric>cuatro<'),
    broken('unknown element', '<cbc:IssueDate>', '<cbc:Nonsense>x</cbc:Nonsense><cbc:IssueDate>'),
    broken('bad date', /<cbc:IssueDate>[^<]+</, '<cbc:IssueDate>2026-13-40<'),
  ];
  const schemaOf: Record<DocumentKind, string> = {
    invoice: 'UBL-Invoice-2.1.xsd',
    'credit-note': 'UBL-CreditNote-2.1.xsd',
    'debit-note': 'UBL-DebitNote-2.1.xsd',
  };

  /** xmllint's schema messages for each file, as the in-process check words them: `line N: message`. */
  function xmllint(kind: DocumentKind, files: string[]): Map<string, { valid: boolean; errors: string[] }> {
    const schema = join(dianSpecDir, 'xsd/maindoc', schemaOf[kind]);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, ...files], { encoding: 'utf8' });
    if (run.error)
      throw new Error(`xmllint did not run (scripts/install-system-tools.sh installs it): ${run.error.message}`);
    const verdicts = new Map<string, { valid: boolean; errors: string[] }>();
    for (const file of files) {
      const errors = run.stderr
        .split('\n')
        .filter((l) => l.startsWith(`${file}:`) && /Schemas validity error/.test(l) && !SERIAL_LIMIT.test(l))
        .map((l) => l.replace(/^[^:]+:(\d+): .*?Schemas validity error : (.*)$/, 'line $1: $2'));
      const failed = run.stderr.includes(`${file} fails to validate`);
      verdicts.set(file, { valid: !failed || errors.length === 0, errors });
    }
    return verdicts;
  }

  it('on valid documents of the three kinds and broken ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fe-xsd-agree-'));
    try {
      const written = cases.map((c, i) => ({ ...c, file: join(dir, `${i}.xml`), text: c.xml() }));
      for (const w of written) writeFileSync(w.file, w.text);
      const theirs = new Map<string, { valid: boolean; errors: string[] }>();
      for (const kind of Object.keys(schemaOf) as DocumentKind[]) {
        const files = written.filter((w) => w.kind === kind).map((w) => w.file);
        if (files.length) for (const [file, verdict] of xmllint(kind, files)) theirs.set(file, verdict);
      }
      const table = written.map((w) => ({ name: w.name, ours: check(w.text, w.kind), theirs: theirs.get(w.file) }));
      for (const row of table) expect({ name: row.name, ...row.ours }).toEqual({ name: row.name, ...row.theirs });
      expect(table.filter((r) => r.ours.valid).length).toBe(10);
      expect(table.filter((r) => !r.ours.valid).length).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on a document that is not XML: both refuse it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fe-xsd-agree-'));
    try {
      const file = join(dir, 'cut.xml');
      writeFileSync(file, built.slice(0, built.length / 2));
      const run = spawnSync('xmllint', [
        '--noout',
        '--nonet',
        '--schema',
        join(dianSpecDir, 'xsd/maindoc', schemaOf.invoice),
        file,
      ]);
      expect(run.status).toBe(1);
      expect(check(built.slice(0, built.length / 2)).valid).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
