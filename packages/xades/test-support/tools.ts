// The independent checkers, as the integration tests and `bench/` run them. Each returns what the
// tool said; the tests decide what counts as a pass.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

export const repoRoot = resolve(import.meta.dirname, '../../..');
/** DIAN's published files, kept unchanged in the repository. */
export const dianSpecDir = resolve(repoRoot, 'spec/dian');
export const policyPdf = join(dianSpecDir, 'signature-policy-v2.pdf');
export const invoiceXsd = join(dianSpecDir, 'xsd/maindoc/UBL-Invoice-2.1.xsd');
export const creditNoteXsd = join(dianSpecDir, 'xsd/maindoc/UBL-CreditNote-2.1.xsd');
export const debitNoteXsd = join(dianSpecDir, 'xsd/maindoc/UBL-DebitNote-2.1.xsd');
export const attachedDocumentXsd = join(dianSpecDir, 'xsd/maindoc/UBL-AttachedDocument-2.1.xsd');
export const applicationResponseXsd = join(dianSpecDir, 'xsd/maindoc/UBL-ApplicationResponse-2.1.xsd');
export const xades4jJar = join(repoRoot, '.infra/xades4j-verifier/xades4j-verifier.jar');

export type ToolResult = { ok: boolean; output: string };

const run = (command: string, args: string[]): ToolResult => {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000 });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
};

/** Generates the test CA and .p12 files into `dir` (test-support/make-test-certs.sh). */
export function makeTestCerts(dir: string): void {
  const r = run('bash', [join(import.meta.dirname, 'make-test-certs.sh'), dir]);
  if (!r.ok) throw new Error(`make-test-certs.sh failed: ${r.output}`);
}

/** xmlsec1 (Debian): passes only when it says every one of the 3 references verified. */
export function xmlsec1Verify(file: string, caPem: string): ToolResult {
  const r = run('xmlsec1', [
    '--verify',
    '--id-attr:Id',
    'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
    '--id-attr:Id',
    'http://www.w3.org/2000/09/xmldsig#:KeyInfo',
    '--trusted-pem',
    caPem,
    file,
  ]);
  return {
    ok: r.ok && /^OK$/m.test(r.output) && /SignedInfo References \(ok\/all\): 3\/3/.test(r.output),
    output: r.output,
  };
}

/** xml-crypto (npm): core validation with the leaf certificate it is told to trust. */
export function xmlCryptoVerify(xml: string, leafPem: string): ToolResult {
  const signature = new DOMParser()
    .parseFromString(xml, 'text/xml')
    .getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')
    .item(0);
  if (!signature) return { ok: false, output: 'no ds:Signature' };
  const verifier = new SignedXml({ publicCert: leafPem });
  verifier.loadSignature(signature as never);
  try {
    const ok = verifier.checkSignature(xml);
    return {
      ok,
      output: verifier
        .getReferences()
        .map((r) => r.validationError?.message ?? 'reference ok')
        .join('; '),
    };
  } catch (error) {
    return { ok: false, output: String(error) };
  }
}

/** The xades4j + Santuario verifier (infra/xades4j-verifier): DIAN's own library. */
export function xades4jVerify(file: string, caPem: string): ToolResult {
  if (!existsSync(xades4jJar)) throw new Error(`missing ${xades4jJar}: run scripts/build-xades4j-verifier.sh`);
  const r = run('java', ['-jar', xades4jJar, file, caPem, policyPdf]);
  return { ok: r.ok && r.output.startsWith('VALID form=XAdES-EPES references=3'), output: r.output };
}

/** xmllint against one of DIAN's UBL 2.1 schemas (the Invoice's by default). */
export function xmllintXsd(file: string, schema = invoiceXsd): ToolResult {
  return run('xmllint', ['--noout', '--schema', schema, file]);
}

export const readPem = (dir: string, name: string): string => readFileSync(join(dir, name), 'utf8');
