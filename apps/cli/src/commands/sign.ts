import { colombiaDateTime, XML_DECLARATION } from '@fe/dian-domain';
import { parseXmlTree, readDocumentHead } from '@fe/dian-xml';
import { canonicalDocument, createXadesSigner, isDigestAlgorithm, isXadesError, loadP12 } from '@fe/xades';
import type { CommandOutput } from './xml.ts';

export const signUsage = `  sign <in.xml> --p12 <file> --password-env <VAR> [--algorithm sha256|sha384|sha512]
       [--signing-time <ISO instant>]
                       print the invoice signed with XAdES-EPES (DIAN policy v2); the
                       password is read from the environment variable VAR, never argv.
                       SigningTime defaults to now and must fall on cbc:IssueDate
`;
export const signExample = `  read -rs P12_PASSWORD && export P12_PASSWORD   # typed, not echoed, not in argv
  pnpm fe sign invoice.xml --p12 firma.p12 --password-env P12_PASSWORD > signed.xml
`;

/** `pnpm fe sign`: signs a UBL invoice with a .p12, on this thread (one document, no pool needed). */
export function signCommand(args: string[], io: CommandIo): CommandOutput {
  const { positional, options, unknown } = parseOptions(args, ['p12', 'password-env', 'algorithm', 'signing-time']);
  const [file] = positional;
  const p12Path = options.get('p12');
  const passwordVar = options.get('password-env');
  const algorithm = options.get('algorithm') ?? 'sha256';
  if (!file || positional.length !== 1 || unknown.length || !p12Path || !passwordVar || !isDigestAlgorithm(algorithm)) {
    return usageError();
  }
  const password = io.env[passwordVar];
  if (password === undefined)
    return { exitCode: 2, stdout: '', stderr: `environment variable ${passwordVar} is not set\n` };
  const signingTime = options.has('signing-time') ? new Date(options.get('signing-time')!) : io.now;
  if (Number.isNaN(signingTime.getTime())) return usageError();

  const xmlBytes = readInput(io, file);
  if (!Buffer.isBuffer(xmlBytes)) return xmlBytes;
  const p12 = readInput(io, p12Path);
  if (!Buffer.isBuffer(p12)) return p12;

  let xml = xmlBytes.toString('utf8');
  let note = '';
  let issueDate: string | undefined;
  try {
    // Builder output is already canonical; anything else is signed in its canonical form, because
    // the signer digests the text as it stands.
    const canonical = canonicalDocument(xml);
    if (!xml.endsWith(canonical) && !xml.endsWith(`${canonical}\n`))
      note = 'note: the input was not in canonical XML form; its canonical form was signed\n';
    xml = XML_DECLARATION + canonical;
    issueDate = readDocumentHead(parseXmlTree(xml)).issueDate;
  } catch {
    return { exitCode: 1, stdout: '', stderr: `${file} is not well-formed XML\n` };
  }
  const signingDate = colombiaDateTime(signingTime).date;
  if (issueDate !== signingDate) {
    return {
      exitCode: 1,
      stdout: '',
      stderr: `SigningTime date ${signingDate} differs from cbc:IssueDate ${issueDate ?? '(none)'} (DIAN rule FAD09e); pass --signing-time\n`,
    };
  }
  try {
    const signer = createXadesSigner(loadP12(p12, password, signingTime));
    const signed = signer.sign(xml, { signingTime, algorithm });
    return {
      exitCode: 0,
      stdout: `${signed.xml}\n`,
      stderr: `${note}signed ${signed.signatureId} at ${signed.signingTime}\n`,
    };
  } catch (error) {
    if (isXadesError(error)) return { exitCode: 1, stdout: '', stderr: `error ${error.code}: ${error.message}\n` };
    throw error;
  }
}

function usageError(): CommandOutput {
  return { exitCode: 2, stdout: '', stderr: `usage:\n${signUsage}` };
}

// Shared with verify.ts (the CLI's file list is fixed: sign.ts and verify.ts are the signer's).

/** What a file-reading command gets from main.ts: the only place that touches fs, env and the clock. */
export type CommandIo = {
  readFile(path: string): Buffer;
  env: Readonly<Record<string, string | undefined>>;
  now: Date;
};

/** `--name value` options and positionals; a flag without its value is reported as missing. */
export function parseOptions(
  args: string[],
  names: readonly string[],
): { positional: string[]; options: Map<string, string>; unknown: string[] } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const unknown: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) positional.push(arg);
    else if (names.includes(arg.slice(2)) && args[i + 1] !== undefined) options.set(arg.slice(2), args[++i]!);
    else unknown.push(arg);
  }
  return { positional, options, unknown };
}

export function readInput(io: CommandIo, path: string): Buffer | CommandOutput {
  try {
    return io.readFile(path);
  } catch (error) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`,
    };
  }
}
