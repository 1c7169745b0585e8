import {
  addRevocationList,
  addToTrustFolder,
  readTrustFolder,
  removeFromTrustFolder,
  TrustListError,
  type TrustedCa,
} from '@fe/dian-simulator';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const simulatorTrustUsage = `  dian-simulator trust add <ca.pem> [--data-dir <dir>]
                       put a CA (its root, and any intermediate CA that issues the certificates: a file
                       may hold several) on the built-in simulator's trust list; it counts from the next
                       request, no restart
  dian-simulator trust add <ca.crl> [--data-dir <dir>]
                       put a listed CA's revocation list (CRL, PEM or DER) on the trust list, replacing
                       that CA's earlier one: what it revokes is DIAN's ZD04 from the next second on
  dian-simulator trust list [--data-dir <dir>]
                       the CAs the built-in simulator trusts: the list's files and the registry's
  dian-simulator trust remove <file | SHA-256> [--data-dir <dir>]
                       take a CA off the list, named by its file or fingerprint (or its first 8+ digits)
                       as trust list shows them; it stops counting at the service's next start
`;

export type TrustIo = {
  readFile(path: string): Buffer;
  /** The data folder's trust list folder, or undefined when the service never ran there (the path looked in). */
  trustFolder(dataDir: string | undefined): { folder: string } | { missing: string };
  /** The CAs the registry keeps for its tenants (the demo tenant's), trusted beside the list. */
  registryCas(dataDir: string | undefined): Promise<string[]>;
};

/** `pnpm fe dian-simulator trust …`: the operator's side of the simulator's trust list. */
export async function simulatorTrustCommand(args: string[], io: TrustIo): Promise<CommandOutput> {
  const [action, ...rest] = args;
  const { positional, options, unknown } = parseOptions(rest, ['data-dir']);
  const usage = { exitCode: 2, stdout: '', stderr: `usage:\n${simulatorTrustUsage}` };
  const arity = { add: 1, remove: 1, list: 0 } as Record<string, number>;
  if (unknown.length || action === undefined || !Object.hasOwn(arity, action) || positional.length !== arity[action])
    return usage;
  const where = io.trustFolder(options.get('data-dir'));
  if ('missing' in where)
    return {
      exitCode: 1,
      stdout: '',
      stderr:
        `no service data in ${where.missing} (neither the embedded registry nor a trust list folder): ` +
        'start the service there first, or give --data-dir\n',
    };
  if (action === 'list') {
    const { cas, problems } = readTrustFolder(where.folder);
    const registry = await io.registryCas(options.get('data-dir'));
    const lines = [
      `trust list ${where.folder}:`,
      ...(cas.length ? cas.map(line) : ['  (empty)']),
      ...problems.map((p) => `  ${p.file}: ${p.problem === 'unreadable' ? 'cannot be read' : 'no CA certificate'}`),
      `from the tenant registry (the demo tenant's CA): ${registry.length}`,
    ];
    return { exitCode: 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
  }
  if (action === 'remove') return remove(where.folder, positional[0]!);
  let pem: Buffer;
  try {
    pem = io.readFile(positional[0]!);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { exitCode: 2, stdout: '', stderr: `cannot read ${positional[0]}: ${code}\n` };
  }
  if (positional[0]!.endsWith('.crl') || pem.includes('-----BEGIN X509 CRL-----')) return addCrl(where.folder, pem);
  let result: ReturnType<typeof addToTrustFolder>;
  try {
    result = addToTrustFolder(where.folder, pem.toString('utf8'));
  } catch (error) {
    if (error instanceof TrustListError)
      return { exitCode: 1, stdout: '', stderr: `${error.code}: ${error.message}\n` };
    throw error;
  }
  const lines = [
    ...result.added.map((ca) => `added${line(ca)}`),
    ...result.already.map((ca) => `already trusted${line(ca)}`),
    `the built-in simulator trusts ${result.added.length ? 'it' : 'them'} from its next request (${where.folder})`,
  ];
  return { exitCode: 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
}

function addCrl(folder: string, crl: Buffer): CommandOutput {
  try {
    const { file, issuer } = addRevocationList(folder, crl);
    const lines = [`added  ${file}  the revocation list of ${issuer}`, `it counts from the next second (${folder})`];
    return { exitCode: 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
  } catch (error) {
    if (error instanceof TrustListError)
      return { exitCode: 1, stdout: '', stderr: `${error.code}: ${error.message}\n` };
    throw error;
  }
}

function remove(folder: string, which: string): CommandOutput {
  let removed: TrustedCa[];
  try {
    removed = removeFromTrustFolder(folder, which);
  } catch (error) {
    if (error instanceof TrustListError)
      return { exitCode: 1, stdout: '', stderr: `${error.code}: ${error.message}\n` };
    throw error;
  }
  const lines = [
    ...removed.map((ca) => `removed${line(ca)}`),
    `a running service still trusts it until its next start (${folder})`,
  ];
  return { exitCode: 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
}

const line = (ca: TrustedCa) =>
  `  ${ca.file}  ${ca.subject}  until ${ca.validTo.slice(0, 10)}  SHA-256 ${ca.fingerprint}`;
