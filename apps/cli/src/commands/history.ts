import type { InvoiceRequestedV3 } from '@fe/contracts';
import { invoiceHistory, type EventStore } from '@fe/platform';
import type { AuditSources } from '../audit/embedded-data.ts';
import { missingInDataFolder, type DataFolderIo } from './data-folder.ts';
import { findReceived, receivedLine } from './received-history.ts';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const historyUsage = `  history <cufe | prefix+number> [--tenant <id>] [--received] [--data-dir <dir> | --distributed] [--json]
                       every recorded event of the invoice, oldest first: its time, its
                       cause, its chain digest and the SHA-256 of every file it names;
                       RADIAN events with their code, number, date and sender;
                       --received: an invoice the tenant received as buyer (its import
                       and checks, each buyer event asked, DIAN's answer, the mail)
`;
export const historyExample = '  pnpm fe history SETP990000000 --data-dir ./data\n';

export type HistoryIo = DataFolderIo & {
  open(where: { dataDir: string | undefined; distributed: boolean }): Promise<AuditSources | undefined>;
};

/** `pnpm fe history`: an invoice's history for an auditor, from the event store itself. */
export async function historyCommand(args: string[], io: HistoryIo): Promise<CommandOutput> {
  const json = args.includes('--json');
  const distributed = args.includes('--distributed');
  const received = args.includes('--received');
  const { positional, options, unknown } = parseOptions(
    args.filter((a) => a !== '--json' && a !== '--distributed' && a !== '--received'),
    ['data-dir', 'tenant'],
  );
  const [wanted] = positional;
  if (unknown.length || positional.length !== 1 || !wanted || (distributed && options.has('data-dir')))
    return { exitCode: 2, stdout: '', stderr: `usage:\n${historyUsage}` };
  const sources = await io.open({ dataDir: options.get('data-dir'), distributed });
  if (!sources) return missingInDataFolder(io.dataFolder(options.get('data-dir')), 'events.sqlite');
  try {
    const tenant = options.get('tenant');
    const found = received
      ? (await findReceived(sources.store, wanted, tenant)).map((r) => ({
          tenant_id: r.tenant_id,
          invoice_id: r.invoice_id!,
          cufe: r.data.cufe,
          number: r.data.number,
          title: `invoice ${r.data.number} received by tenant ${r.tenant_id} from ${r.data.supplier.name}`,
        }))
      : (await findInvoice(sources.store, wanted, tenant)).map((r) => ({
          tenant_id: r.tenant_id,
          invoice_id: r.invoice_id!,
          cufe: r.data.cufe,
          number: r.data.document_id,
          title: `invoice ${r.data.document_id} of tenant ${r.tenant_id}`,
        }));
    if (found.length === 0)
      return {
        exitCode: 1,
        stdout: '',
        stderr: `no ${received ? 'received ' : ''}invoice with cufe or number ${wanted}${tenant !== undefined ? ` for tenant ${tenant}` : ''}${received ? '' : ' (--received for one a tenant received)'}\n`,
      };
    if (found.length > 1)
      return {
        exitCode: 1,
        stdout: '',
        stderr: `${found.length} tenants have an invoice ${wanted}: name one with --tenant (${found.map((f) => f.tenant_id).join(', ')})\n`,
      };
    const invoice = found[0]!;
    const entries = await invoiceHistory((await sources.store.read(invoice.invoice_id)).events, sources.blobs);
    if (json)
      return {
        exitCode: 0,
        stdout: `${JSON.stringify({ cufe: invoice.cufe, number: invoice.number, events: entries }, null, 2)}\n`,
        stderr: '',
      };
    const lines = [`${invoice.title}, cufe ${invoice.cufe}`];
    for (const e of entries) {
      lines.push(`#${e.stream_version} ${e.occurred_at} ${e.type}.v${e.event_version} ${e.id}`);
      lines.push(
        `   recorded ${e.recorded_at} at position ${e.position}; caused by ${e.causation_id}; correlation ${e.correlation_id}`,
      );
      if (e.chain_digest) lines.push(`   chain ${e.chain_digest}`);
      const failure = failureLine(e.type, e.data) ?? receivedLine(e.type, e.data);
      if (failure) lines.push(`   ${failure}`);
      for (const f of e.files)
        lines.push(
          `   file ${f.role} ${f.key} sha256 ${f.sha256 ?? '(missing)'}${f.recorded_in_event ? '' : ' (of the stored file; the event records none)'}`,
        );
    }
    return { exitCode: 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
  } finally {
    await sources.close();
  }
}

/** The InvoiceRequested whose cufe or number (prefix + consecutive) is `wanted`: one pass over the store. */
export async function findInvoice(
  store: EventStore,
  wanted: string,
  tenant: string | undefined,
): Promise<InvoiceRequestedV3[]> {
  const found: InvoiceRequestedV3[] = [];
  let after = 0n;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return found;
    for (const { envelope, position } of page) {
      after = position;
      if (envelope.type !== 'InvoiceRequested' || (tenant !== undefined && envelope.tenant_id !== tenant)) continue;
      const data = envelope.data as InvoiceRequestedV3['data'];
      if (data.cufe === wanted || data.document_id === wanted) found.push(envelope as InvoiceRequestedV3);
    }
  }
}

/**
 * What an operator looks for in a history: a step that failed, gave up, or was re-driven, and who asked; and each
 * RADIAN event (docs/radian.md): the buyer's answers and who gave them, the seller's events, its requests and answers.
 */
function failureLine(type: string, data: Record<string, unknown>): string | undefined {
  const text = (key: string) => String(data[key] ?? '');
  if (type === 'InvoiceSubmissionFailed')
    return `attempt ${text('attempt')} failed: ${text('reason')}${data.retriable ? ', to be retried' : ', final'}`;
  if (type === 'InvoiceProcessingHalted')
    return `${text('step')} gave up after ${text('attempts')} attempts: ${text('error_code')}`;
  if (type === 'InvoiceRedriveRequested') return `re-drive of ${text('step')} requested by ${text('requested_by')}`;
  if (type === 'InvoiceRadianEventRegistered') {
    const sender = data.issued_by_us ? 'this service (the seller)' : String((data.sender as { nit?: unknown })?.nit);
    const claim = data.claim as { reason?: unknown } | undefined;
    const person = data.person as { first_name?: unknown; family_name?: unknown } | undefined;
    const who = person ? `, by ${String(person.first_name)} ${String(person.family_name)}` : '';
    return `RADIAN ${text('code')} ${text('name')}, ${text('event_id')} of ${text('issue_date')}, sent by ${sender}${claim ? `, reason ${String(claim.reason)}` : ''}${who}`;
  }
  if (type === 'InvoiceRadianEventRequested')
    return `RADIAN ${text('code')} requested by ${text('requested_by')} (request ${text('request_id')})`;
  if (type === 'InvoiceRadianEventAnswered') {
    const refusal = data.refusal as { code?: unknown } | undefined;
    const why = refusal ? `: ${String(refusal.code)}` : data.reason ? `: ${text('reason')}` : '';
    return `RADIAN ${text('code')} request ${text('request_id')} answered ${text('outcome')}${why}`;
  }
  return undefined;
}
