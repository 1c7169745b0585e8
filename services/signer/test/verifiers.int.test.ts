// The oracle: three independent verifiers (xmlsec1, xml-crypto, xades4j) and the UBL XSD, over
// every invoice case, the three digest algorithms, a legacy .p12, tampered copies, and credit and
// debit notes (their own XSDs, their CUDE recomputed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editElementContent } from '@fe/dian-xml/testing';
import { loadP12, verifySignedInvoice, type DigestAlgorithm, type SigningCredential } from '@fe/xades';
import { createSignerPool, type XmlSigner } from '../src/index.ts';
import {
  buildTableCase,
  creditNoteXsd,
  debitNoteXsd,
  escapingCase,
  invoiceCases,
  invoiceXsd,
  makeTestCerts,
  readPem,
  repoRoot,
  xades4jVerify,
  xmlCryptoVerify,
  xmllintXsd,
  xmlsec1Verify,
} from '@fe/xades/testing';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { rebuildInvoice } from '../src/on-invoice-requested/rebuild-invoice.ts';
import { OLD_RULES_CUFE, requestedEvent, smallLinesRequest } from '../test-support/signing-world.ts';
import { buildNoteCase, noteCases } from '@fe/dian-domain/testing';

const PASSWORD = 'prueba-firma-123';
let dir: string;
let ca: string;
let leafPem: string;
let credential: SigningCredential;
let pool: XmlSigner;
const issuedAt = new Date();

beforeAll(() => {
  const build = spawnSync('bash', [join(repoRoot, 'scripts/build-xades4j-verifier.sh')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`xades4j verifier build failed: ${build.stderr}`);
  dir = mkdtempSync(join(tmpdir(), 'fe-signer-'));
  makeTestCerts(dir);
  ca = join(dir, 'ca.pem');
  leafPem = readPem(dir, 'tenant.pem');
  credential = loadP12(readFileSync(join(dir, 'tenant.p12')), PASSWORD, issuedAt);
  pool = createSignerPool({ size: 2 });
});

afterAll(async () => {
  await pool?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function write(name: string, xml: string): string {
  const file = join(dir, `${name.replace(/\W+/g, '-')}.xml`);
  writeFileSync(file, xml);
  return file;
}

// xml-crypto 6 has no SHA-384 (it throws "hash algorithm … is not supported"): for that algorithm the
// other two verifiers stand alone.
function expectAllVerifiersAccept(
  file: string,
  xml: string,
  withXmlCrypto = true,
  document: { xsd: string; key?: string } = { xsd: invoiceXsd },
): void {
  const results = {
    xmlsec1: xmlsec1Verify(file, ca),
    xades4j: xades4jVerify(file, ca),
    ...(withXmlCrypto ? { xmlCrypto: xmlCryptoVerify(xml, leafPem) } : {}),
  };
  for (const [tool, result] of Object.entries(results)) expect(result.ok, `${tool}: ${result.output}`).toBe(true);
  const xsd = xmllintXsd(file, document.xsd);
  expect(xsd.ok, xsd.output).toBe(true);
  const own = verifySignedInvoice(xml, {
    trustedPem: readPem(dir, 'ca.pem'),
    ...(document.key ? { technicalKey: document.key } : {}),
  });
  expect(own.checks.filter((c) => c.ok === false)).toEqual([]);
}

function expectAllVerifiersReject(file: string, xml: string): void {
  expect(xmlsec1Verify(file, ca).ok, 'xmlsec1').toBe(false);
  expect(xmlCryptoVerify(xml, leafPem).ok, 'xml-crypto').toBe(false);
  expect(xades4jVerify(file, ca).ok, 'xades4j').toBe(false);
  expect(verifySignedInvoice(xml).valid, 'fe verify').toBe(false);
}

describe('signed invoices pass xmlsec1 (3/3 references), xml-crypto, xades4j (XAdES-EPES) and the UBL XSD', () => {
  it.each(invoiceCases.map((c) => [c.name, c] as const))('%s', async (name, c) => {
    const built = buildTableCase(c, issuedAt);
    const signed = await pool.sign(built.xml, credential, { signingTime: issuedAt });
    expectAllVerifiersAccept(write(name, signed.xml), signed.xml);
  });

  it.each(['sha384', 'sha512'] as DigestAlgorithm[])('with %s digests and RSA signature', async (algorithm) => {
    const signed = await pool.sign(buildTableCase(invoiceCases[1]!, issuedAt).xml, credential, {
      signingTime: issuedAt,
      algorithm,
    });
    expect(signed.xml).toContain(`xmldsig-more#rsa-${algorithm}`);
    expectAllVerifiersAccept(write(`alg-${algorithm}`, signed.xml), signed.xml, algorithm !== 'sha384');
  });

  it('with a key from a legacy RC2-40 .p12', async () => {
    const legacy = loadP12(readFileSync(join(dir, 'tenant-rc2.p12')), PASSWORD, issuedAt);
    const signed = await pool.sign(buildTableCase(invoiceCases[0]!, issuedAt).xml, legacy, { signingTime: issuedAt });
    expectAllVerifiersAccept(write('legacy', signed.xml), signed.xml);
  });
});

describe("an invoice recorded before build_rules existed (build rules 1), rebuilt by today's signer", () => {
  it('carries its recorded CUFE and passes xmlsec1 (3/3 references) and the UBL XSD', async () => {
    const requested = requestedEvent(smallLinesRequest, '990000290', new Date('2026-03-10T15:15:00Z'), {
      rules: 1,
      recorded: false,
    });
    expect(requested.data.cufe).toBe(OLD_RULES_CUFE);
    const built = rebuildInvoice(requested.data, {
      tenant: demoTenant,
      software: demoSoftware,
      resolutions: [demoResolution],
    });
    const signed = await pool.sign(built.xml, credential, { signingTime: issuedAt });
    const file = write('build-rules-1', signed.xml);
    const xmlsec1 = xmlsec1Verify(file, ca);
    expect(xmlsec1.ok, xmlsec1.output).toBe(true);
    const xsd = xmllintXsd(file, invoiceXsd);
    expect(xsd.ok, xsd.output).toBe(true);
    expect(
      verifySignedInvoice(signed.xml, { technicalKey: demoResolution.technicalKey }).checks.find(
        (c) => c.name === 'CUFE',
      )?.ok,
    ).toBe(true);
  });
});

describe('signed credit and debit notes pass the same verifiers, their own XSD, and their CUDE is recomputed', () => {
  // The shapes where a note differs from an invoice (line order with discounts, a free line, escaping,
  // the document's key), of both kinds: each costs a JVM start (xades4j), so not the whole table.
  const shapes = [
    'one line',
    'escaping and Unicode in every field',
    'line and invoice discounts and charges',
    'free sample',
  ];
  const notes = noteCases.filter((c) => shapes.some((shape) => c.name.endsWith(`"${shape}"`)));
  it.each(notes.map((c) => [c.name, c] as const))('%s', async (name, c) => {
    const built = buildNoteCase(c.content, '1', issuedAt);
    const signed = await pool.sign(built.xml, credential, { signingTime: issuedAt });
    const file = write(`note-${name}`, signed.xml);
    expectAllVerifiersAccept(file, signed.xml, true, {
      xsd: c.content.kind === 'credit' ? creditNoteXsd : debitNoteXsd,
      key: demoSoftware.pin,
    });
    expect(
      verifySignedInvoice(signed.xml, { technicalKey: demoSoftware.pin }).checks.find((check) => check.name === 'CUDE')
        ?.ok,
    ).toBe(true);
  });

  it('a tampered note fails every verifier', async () => {
    const signed = (
      await pool.sign(buildNoteCase(notes[1]!.content, '2', issuedAt).xml, credential, { signingTime: issuedAt })
    ).xml;
    const xml = editElementContent(
      signed,
      'cbc:ResponseCode',
      (code) => `${code[0] === '1' ? '2' : '1'}${code.slice(1)}`,
    );
    expect(xml).not.toBe(signed);
    expectAllVerifiersReject(write('tampered-note', xml), xml);
  });
});

describe('changing one byte makes every verifier fail', () => {
  let signed: string;
  beforeAll(async () => {
    signed = (await pool.sign(buildTableCase(escapingCase, issuedAt).xml, credential, { signingTime: issuedAt })).xml;
  });

  const tamperings: [string, (xml: string) => string][] = [
    [
      'a digit of PayableAmount',
      (xml) =>
        editElementContent(xml, 'cbc:PayableAmount', (amount) => `${amount[0] === '9' ? '8' : '9'}${amount.slice(1)}`),
    ],
    ['an escaped character of the buyer name', (xml) => xml.replace('&amp; &lt;Hijos&gt;', '&amp; &lt;Hijas&gt;')],
    ['a byte of an emoji in a line', (xml) => xml.replace('☕😀', '☕😁')],
    [
      'SigningTime in SignedProperties',
      (xml) =>
        editElementContent(xml, 'xades:SigningTime', (time) => {
          const at = time.indexOf('-05:00') - 1; // the last digit of the seconds
          return `${time.slice(0, at)}${time[at] === '9' ? '8' : '9'}${time.slice(at + 1)}`;
        }),
    ],
    ['the ClaimedRole in SignedProperties', (xml) => xml.replace('>supplier<', '>suppliet<')],
    [
      'a serial number in SigningCertificate',
      (xml) =>
        editElementContent(
          xml,
          'ds:X509SerialNumber',
          (serial) => `${serial.slice(0, -1)}${serial.endsWith('9') ? '8' : '9'}`,
        ),
    ],
  ];
  it.each(tamperings)('%s', (name, tamper) => {
    const xml = tamper(signed);
    expect(xml).not.toBe(signed);
    expectAllVerifiersReject(write(`tampered-${name}`, xml), xml);
  });
});
