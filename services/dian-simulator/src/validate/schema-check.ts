import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DocumentKind } from '../rules/invoice-view.ts';

/** See SimulatorConfig.schemaValidation. */
export type SchemaValidation = 'auto' | 'xmllint' | 'off';

/** Whether a document (an invoice unless told) passes DIAN's XSD, and libxml2's messages when it does not. */
export type SchemaCheck = (xml: string, kind?: DocumentKind) => { valid: boolean; errors: string[] };

const maindoc = (name: string) => fileURLToPath(new URL(`../../../../spec/dian/xsd/maindoc/${name}`, import.meta.url));
/** DIAN's copy of the UBL 2.1 Invoice schema (spec/dian/README.md), which imports the rest of spec/dian/xsd. */
const INVOICE_XSD = maindoc('UBL-Invoice-2.1.xsd');
/** The schema of each document kind: DIAN's copies of the UBL 2.1 Invoice, CreditNote and DebitNote maindocs. */
const SCHEMAS: Record<DocumentKind, string> = {
  invoice: INVOICE_XSD,
  'credit-note': maindoc('UBL-CreditNote-2.1.xsd'),
  'debit-note': maindoc('UBL-DebitNote-2.1.xsd'),
};

/**
 * libxml2's 24-digit xs:integer overflows on a real CA's 20-byte serial, which DIAN (.NET) accepts, so that one
 * message is not a schema failure.
 */
const LIBXML2_SERIAL_LIMIT = /X509SerialNumber'?: '\d+' is not a valid value of the atomic type 'xs:integer'/;

const MAX_OUTPUT = 1024 * 1024;
const probed = new Map<string, boolean>();
function xmllintAvailable(command: string): boolean {
  let found = probed.get(command);
  if (found === undefined)
    probed.set(command, (found = spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0));
  return found;
}

/**
 * The ZB01 schema check: undefined when off; throws at once for 'xmllint' when it is missing, so a simulator that
 * must check the schema does not start without it.
 */
export function schemaCheckFor(mode: SchemaValidation, command = 'xmllint'): SchemaCheck | undefined {
  if (mode === 'off') return undefined;
  if (!xmllintAvailable(command)) {
    if (mode === 'auto') return undefined;
    throw new Error(
      `schemaValidation 'xmllint': ${command} is not on the PATH (scripts/install-system-tools.sh installs it)`,
    );
  }
  return (xml, kind = 'invoice') => {
    const run = spawnSync(command, ['--noout', '--nonet', '--schema', SCHEMAS[kind], '-'], {
      input: xml,
      encoding: 'utf8',
      maxBuffer: MAX_OUTPUT,
      timeout: 60_000,
    });
    // More messages than the buffer holds: libxml2 found that many faults in the document.
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOBUFS')
      return { valid: false, errors: ['more schema errors than the simulator keeps'] };
    if (run.error) throw run.error; // the program vanished, could not run or hung: not the document's fault
    if (run.status === 0) return { valid: true, errors: [] };
    // 1: libxml2 could not read the document, 3: it fails the schema; 4/5 (the schema itself) are ours.
    if (run.status !== 1 && run.status !== 3)
      throw new Error(`xmllint failed (status ${run.status}): ${run.stderr.slice(0, 300)}`);
    if (run.status === 1) return { valid: false, errors: [run.stderr.trim()] };
    const errors = run.stderr
      .split('\n')
      .filter((line) => /error/i.test(line) && !/fails to validate$/.test(line) && !LIBXML2_SERIAL_LIMIT.test(line));
    return { valid: errors.length === 0, errors };
  };
}
