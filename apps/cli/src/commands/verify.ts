import {
  formatReport,
  isAttachedDocument,
  verifyAttachedDocument,
  verifySignedInvoice,
  type AttachedDocumentVerifyOptions,
} from '@fe/xades';
import { unzipSync } from 'fflate';
import { parseOptions, readInput, type CommandIo } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const verifyUsage = `  verify <signed.xml | attached-document.xml | z….zip> [--trusted <ca.pem>]
         [--technical-key <ClTec>] [--trusted-dian <dian.pem>]
                       print a report: signature value, each reference, certificate
                       validity and chain, SigningCertificate, policy, CUFE (with the
                       technical key). An AttachedDocument (or the zip a buyer received)
                       gets three: its own signature, the signed invoice inside it, and
                       DIAN's ApplicationResponse inside it (signature, code 02, same
                       CUFE); exits 0 only when every check holds
`;
export const verifyExample = '  pnpm fe verify signed.xml --trusted ca.pem\n';

/**
 * `pnpm fe verify`: the auditor's report on a signed invoice or on what a buyer received (DOM-based, independent of the
 * signer).
 */
export function verifyCommand(args: string[], io: CommandIo): CommandOutput {
  const { positional, options, unknown } = parseOptions(args, ['trusted', 'technical-key', 'trusted-dian']);
  const [file] = positional;
  if (!file || positional.length !== 1 || unknown.length)
    return { exitCode: 2, stdout: '', stderr: `usage:\n${verifyUsage}` };
  const input = readInput(io, file);
  if (!Buffer.isBuffer(input)) return input;
  const verifyOptions: AttachedDocumentVerifyOptions = {};
  for (const [option, key] of [
    ['trusted', 'trustedPem'],
    ['trusted-dian', 'trustedDianPem'],
  ] as const) {
    const path = options.get(option);
    if (path === undefined) continue;
    const pem = readInput(io, path);
    if (!Buffer.isBuffer(pem)) return pem;
    verifyOptions[key] = pem.toString('utf8');
  }
  const technicalKey = options.get('technical-key');
  if (technicalKey !== undefined) verifyOptions.technicalKey = technicalKey;
  const xml = xmlOf(input);
  if (typeof xml !== 'string') return xml;
  const report = isAttachedDocument(xml)
    ? verifyAttachedDocument(xml, verifyOptions)
    : verifySignedInvoice(xml, verifyOptions);
  return { exitCode: report.valid ? 0 : 1, stdout: formatReport(report), stderr: '' };
}

/** The XML itself, or the one .xml inside a zip (the annex's delivery zip holds the AttachedDocument and the PDF). */
function xmlOf(input: Buffer): string | CommandOutput {
  if (input[0] !== 0x50 || input[1] !== 0x4b) return input.toString('utf8'); // not "PK": a zip starts so
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(input, {
      filter: (f) => f.name.toLowerCase().endsWith('.xml') && f.originalSize <= 50 * 1024 * 1024,
    });
  } catch {
    return { exitCode: 1, stdout: '', stderr: 'error ZIP_UNREADABLE: the file starts like a zip but cannot be read\n' };
  }
  const xmls = Object.values(entries);
  if (xmls.length !== 1)
    return {
      exitCode: 1,
      stdout: '',
      stderr: `error ZIP_NOT_ONE_XML: the zip holds ${xmls.length} .xml files (expected 1)\n`,
    };
  return Buffer.from(xmls[0]!).toString('utf8');
}
