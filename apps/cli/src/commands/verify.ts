import { formatReport, verifySignedInvoice, type VerifyOptions } from '@fe/xades';
import { parseOptions, readInput, type CommandIo } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const verifyUsage = `  verify <signed.xml> [--trusted <ca.pem>] [--technical-key <ClTec>]
                       print a report: signature value, each reference, certificate
                       validity and chain, SigningCertificate, policy, CUFE (with the
                       technical key); exits 0 only when every check holds
`;

/** `pnpm fe verify`: the auditor's report on a signed invoice (DOM-based, independent of the signer). */
export function verifyCommand(args: string[], io: CommandIo): CommandOutput {
  const { positional, options, unknown } = parseOptions(args, ['trusted', 'technical-key']);
  const [file] = positional;
  if (!file || positional.length !== 1 || unknown.length) return { exitCode: 2, stdout: '', stderr: `usage:\n${verifyUsage}` };
  const xml = readInput(io, file);
  if (!Buffer.isBuffer(xml)) return xml;
  const verifyOptions: VerifyOptions = {};
  const trusted = options.get('trusted');
  if (trusted !== undefined) {
    const pem = readInput(io, trusted);
    if (!Buffer.isBuffer(pem)) return pem;
    verifyOptions.trustedPem = pem.toString('utf8');
  }
  const technicalKey = options.get('technical-key');
  if (technicalKey !== undefined) verifyOptions.technicalKey = technicalKey;
  const report = verifySignedInvoice(xml.toString('utf8'), verifyOptions);
  return { exitCode: report.valid ? 0 : 1, stdout: formatReport(report), stderr: '' };
}
