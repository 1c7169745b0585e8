// What the example suites (other-taxes, currency, operations) check the same way on each signed invoice: the CUFE by
// the annex's formula, written here rather than taken from the product; the signature by xmlsec1 and xades4j; the PDF's
// text by pdftotext.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { demoResolution } from '@fe/dian-domain';
import { parseXmlTree, readDocumentHead } from '@fe/dian-xml';
import { xades4jJar, xades4jVerify, xmlsec1Verify } from '@fe/xades/testing';
import { expect } from 'vitest';
import type { Shape } from '../shapes/shape.ts';

/** A request of examples/, parsed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the suites read and edit the example's fields
export const exampleRequest = (file: string): any =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../examples', file), 'utf8'));

/**
 * Annex §1.1: SHA-384 of NumFac, FecFac, HorFac, ValFac, 01 ValIva, 04 ValInc, 03 ValIca, ValTot, NitOFE, NumAdq,
 * ClTec, TipoAmbiente, each the XML's own string: only IVA, INC and ICA enter it, and a dollar invoice's amounts are
 * in dollars, with no conversion.
 */
export function annexCufe(xml: string): string {
  const head = readDocumentHead(parseXmlTree(xml));
  const tax = (code: string) => code + (head.taxAmounts[code] ?? '0.00');
  const parts = [head.number, head.issueDate, head.issueTime, head.lineExtensionAmount, tax('01'), tax('04')];
  parts.push(tax('03'), head.payableAmount, head.supplierNit, head.customerId, demoResolution.technicalKey);
  parts.push(head.environment);
  expect(parts.every((part) => part !== undefined)).toBe(true);
  return createHash('sha384').update(parts.join(''), 'utf8').digest('hex');
}

/** xmlsec1, and xades4j (DIAN's library) when its jar is installed (scripts/bootstrap.sh), verify the signature. */
export async function expectSignatureVerified(shape: Shape, name: string, xml: string): Promise<void> {
  const xmlFile = join(shape.scratchDir, `${name}.xml`);
  const caFile = join(shape.scratchDir, 'demo-ca.pem');
  writeFileSync(xmlFile, xml);
  writeFileSync(caFile, (await shape.trustedCaPems('demo'))[0]!);
  for (const verify of existsSync(xades4jJar) ? [xmlsec1Verify, xades4jVerify] : [xmlsec1Verify]) {
    const verdict = verify(xmlFile, caFile);
    expect(verdict.ok, verdict.output).toBe(true);
  }
}

/** The PDF at `url` as pdftotext reads it, its layout kept. */
export async function pdfText(shape: Shape, name: string, url: string): Promise<string> {
  const pdfFile = join(shape.scratchDir, `${name}.pdf`);
  writeFileSync(pdfFile, Buffer.from(await (await fetch(url)).arrayBuffer()));
  return spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdfFile, '-'], { encoding: 'utf8' }).stdout;
}
