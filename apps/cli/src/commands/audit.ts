import type { AuditReport } from '../audit/audit-store.ts';
import { auditStore } from '../audit/audit-store.ts';
import { certificatesOf } from '@fe/dian-simulator';
import type { AuditSources, DianAnchor } from '../audit/embedded-data.ts';
import { missingInDataFolder, type DataFolderIo } from './data-folder.ts';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const auditUsage = `  audit verify [--data-dir <dir> | --distributed] [--public-key <audit.pub>]
               [--trusted-dian <dian.pem>] [--json]
                       walk the event store: every stream's digest chain, every signed
                       checkpoint (under the pinned public key), every file an event
                       names (present, same SHA-256), every signed XML (XAdES, certificate
                       chain, CUFE or a note's CUDE), DIAN's answers against the
                       verdicts, every RADIAN event the service issued (signature,
                       certificate, CUDE with the software PIN, its fields, DIAN's
                       answer) and every RADIAN event's place in the order; every
                       invoice a tenant received (its stored file checked again as
                       its import checked it, each buyer event like an event issued
                       here, each mailed AttachedDocument, the stream's order); the
                       numbering of invoices and notes, the status read model
                       against a rebuild from the events;
                       exits 1 on any difference; --distributed reads PostgreSQL and S3
                       from FE_POSTGRES_URL, FE_POSTGRES_SCHEMA, FE_S3_*, FE_MASTER_KEY_FILE;
                       DIAN's answers must be signed by a certificate chaining to
                       --trusted-dian, else DIAN_TRUSTED_PEM, else the data folder's
                       built-in simulator certificate (none: said so in the report)
  audit public-key [--data-dir <dir>]
                       print the public key the service signs checkpoints with: keep it
                       apart from the data folder and pass it to audit verify
`;
export const auditExample = `  pnpm -s fe audit public-key --data-dir ./data > audit.pub   # keep it apart from the data folder
  pnpm fe audit verify --data-dir ./data --public-key audit.pub
`;

export type AuditIo = DataFolderIo & {
  /**
   * The stores of the data folder (--data-dir, else FE_DATA_DIR, else ./data; undefined when it holds none), or the
   * distributed shape's.
   */
  open(where: { dataDir: string | undefined; distributed: boolean }): Promise<AuditSources | undefined>;
  /** The service's public key from the data folder's audit.key, when there is one. */
  publicKeyOf(dataDir: string | undefined): string | undefined;
  readFile(path: string): Buffer;
  /** DIAN_TRUSTED_PEM: the file of DIAN's signing certificates the service checks its answers against. */
  dianTrustedPemFile: string | undefined;
  /** Milliseconds, for the report's duration only. */
  elapsedMs(): number;
};

/** `pnpm fe audit`: the auditor's check that history was not edited and that the documents match it. */
export async function auditCommand(args: string[], io: AuditIo): Promise<CommandOutput> {
  const json = args.includes('--json');
  const distributed = args.includes('--distributed');
  const { positional, options, unknown } = parseOptions(
    args.filter((a) => a !== '--json' && a !== '--distributed'),
    ['data-dir', 'public-key', 'trusted-dian'],
  );
  const usage = { exitCode: 2, stdout: '', stderr: `usage:\n${auditUsage}` };
  const [action] = positional;
  if (unknown.length || positional.length !== 1 || !['verify', 'public-key'].includes(action!)) return usage;
  const dataDir = options.get('data-dir');
  if (action === 'public-key') {
    const pem = io.publicKeyOf(dataDir);
    return pem
      ? { exitCode: 0, stdout: pem, stderr: '' }
      : missingInDataFolder(io.dataFolder(dataDir), 'audit.key', 'the service has not signed a checkpoint there');
  }
  let pinned: string | undefined;
  const keyFile = options.get('public-key');
  if (keyFile !== undefined) {
    try {
      pinned = io.readFile(keyFile).toString('utf8');
    } catch (error) {
      return {
        exitCode: 2,
        stdout: '',
        stderr: `cannot read ${keyFile}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`,
      };
    }
  }
  if (distributed && dataDir !== undefined) return usage;
  const anchorFile = options.get('trusted-dian') ?? io.dianTrustedPemFile;
  let anchor: DianAnchor | undefined;
  if (anchorFile !== undefined) {
    try {
      const certificates = certificatesOf(io.readFile(anchorFile).toString('utf8'));
      if (!certificates.length) return { exitCode: 2, stdout: '', stderr: `${anchorFile} holds no PEM certificate\n` };
      anchor = { pem: certificates.join('\n'), source: anchorFile };
    } catch (error) {
      return {
        exitCode: 2,
        stdout: '',
        stderr: `cannot read ${anchorFile}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`,
      };
    }
  }
  const sources = await io.open({ dataDir, distributed });
  if (!sources) return missingInDataFolder(io.dataFolder(dataDir), 'events.sqlite', 'nothing to audit');
  const started = io.elapsedMs();
  let report: AuditReport;
  try {
    report = await auditStore(sources, pinned, anchor ?? sources.dianAnchor);
  } finally {
    await sources.close();
  }
  const ms = io.elapsedMs() - started;
  const exitCode = report.findings.length ? 1 : 0;
  if (json)
    return {
      exitCode,
      stdout: `${JSON.stringify({ ...report, head: String(report.head), ms: Math.round(ms) }, null, 2)}\n`,
      stderr: '',
    };
  return { exitCode, stdout: describe(report, ms), stderr: '' };
}

function describe(report: AuditReport, ms: number): string {
  // A note costs what an invoice does (one signed XML, one answer): the rate is per document.
  const documents = report.invoices + report.notes;
  const perThousand = documents
    ? ` (${(((ms / documents) * 1000) / 1000).toFixed(1)} s per thousand ${report.notes ? 'documents' : 'invoices'})`
    : '';
  const lines = [
    `${report.invoices} invoices, ${report.notes ? `${report.notes} credit/debit notes, ` : ''}${report.events} events through position ${report.head}, ${report.checkpoints} signed checkpoints` +
      (report.uncovered ? `; ${report.uncovered} events after the last one (held by their chains until the next)` : ''),
    "checked: every stream's digest chain; every checkpoint's signature, root and count; every file an event names (present, same SHA-256); " +
      "every signed XML (XAdES signature, certificate chain, CUFE or a note's CUDE); DIAN's answers against the verdicts; " +
      "every RADIAN event issued here (signature, certificate, CUDE, fields, DIAN's answer) and every RADIAN event's order; " +
      "every received invoice's stored file checked again, its buyer events like events issued here, its stream's order; the numbering of invoices and notes; " +
      'the status read model against a rebuild from the events',
    report.pinned
      ? 'checkpoints checked under the pinned public key'
      : "checkpoints checked under the key they name: pin the service's key with --public-key (pnpm fe audit public-key)",
    report.dianAnchor
      ? `DIAN's answers checked against the certificates of ${report.dianAnchor}`
      : "WARNING: no DIAN certificate configured: DIAN's answers were checked against their own certificate only, so one forged with another key passes; give --trusted-dian (or DIAN_TRUSTED_PEM)",
    ...(report.radianEvents
      ? [`${report.radianEvents} RADIAN events, ${report.radianDocuments} issued here with a signed document`]
      : []),
    ...(report.receivedInvoices
      ? [`${report.receivedInvoices} received invoices, ${report.buyerEvents} buyer events registered by DIAN`]
      : []),
    `took ${(ms / 1000).toFixed(1)} s${perThousand}`,
    ...report.findings.map((f) => `${f.code} ${f.subject}: ${f.detail}`),
    report.findings.length ? `${report.findings.length} difference(s)` : 'no difference',
  ];
  return `${lines.join('\n')}\n`;
}
