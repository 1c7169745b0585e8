// A document with whitespace after its root (a final line break, as editors write) is signed so that
// xmlsec1 verifies it: the enveloped reference digests the canonical document, which ends with the
// root's end tag. Before, the digest covered the trailing text and xmlsec1 said "digest do not match".
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createXadesSigner, loadP12, verifySignedInvoice } from '../src/index.ts';
import { buildTableCase, invoiceCases, makeTestCerts, readPem, xmlsec1Verify } from '../test-support/index.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fe-trailing-'));
  makeTestCerts(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it.each([
  ['a line break', '\n'],
  ['CR LF', '\r\n'],
  ['blank lines and spaces', '\n\n  \t\n'],
])('after the root, %s: kept as written, and xmlsec1 verifies the signature', (name, trailer) => {
  const issuedAt = new Date();
  const signer = createXadesSigner(loadP12(readFileSync(join(dir, 'tenant.p12')), 'prueba-firma-123', issuedAt));
  const signed = signer.sign(buildTableCase(invoiceCases[0]!, issuedAt).xml + trailer, { signingTime: issuedAt });
  expect(signed.xml.endsWith(`</Invoice>${trailer}`)).toBe(true);
  const file = join(dir, `${name.replace(/\W+/g, '-')}.xml`);
  writeFileSync(file, signed.xml);
  const result = xmlsec1Verify(file, join(dir, 'ca.pem'));
  expect(result.ok, result.output).toBe(true);
  expect(
    verifySignedInvoice(signed.xml, { trustedPem: readPem(dir, 'ca.pem') }).checks.filter((c) => c.ok === false),
  ).toEqual([]);
});
