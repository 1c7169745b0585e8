import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dianSpecDir } from './dian-spec.ts';

const INVOICE_XSD = join(dianSpecDir, 'xsd/maindoc/UBL-Invoice-2.1.xsd');
export const CREDIT_NOTE_XSD = join(dianSpecDir, 'xsd/maindoc/UBL-CreditNote-2.1.xsd');
export const DEBIT_NOTE_XSD = join(dianSpecDir, 'xsd/maindoc/UBL-DebitNote-2.1.xsd');

/** Validates documents against a UBL XSD (the Invoice's by default) with Debian's xmllint, in one process. */
export function xmllintValidate(
  documents: { name: string; xml: string }[],
  schema = INVOICE_XSD,
): { status: number | null; output: string; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'fe-xsd-'));
  const files = documents.map(({ name, xml }, i) => {
    const file = join(dir, `${i}-${name.replace(/[^a-z0-9]+/gi, '-')}.xml`);
    writeFileSync(file, xml);
    return file;
  });
  const run = spawnSync('xmllint', ['--noout', '--schema', schema, ...files], { encoding: 'utf8' });
  if (run.error)
    throw new Error(`xmllint did not run (scripts/install-system-tools.sh installs it): ${run.error.message}`);
  return { status: run.status, output: run.stdout + run.stderr, files };
}
