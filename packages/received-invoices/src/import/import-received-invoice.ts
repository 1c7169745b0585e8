import { createHash } from 'node:crypto';
import { receivedInvoiceStream } from '@fe/contracts';
import { newInvoiceEvent, runReaction, type BlobStore, type Clock, type EventStore } from '@fe/platform';
import type { ReceivedInvoiceIndex } from '../list/received-invoice-index.ts';
import { receivedInvoiceFold } from '../stream/received-invoice-state.ts';
import type { ReceivedInvoiceChecker } from './check-pool.ts';
import { decideImport } from './decide-import.ts';

export type ImportPorts = {
  store: EventStore;
  blobs: BlobStore;
  index: ReceivedInvoiceIndex;
  checker: ReceivedInvoiceChecker;
  clock: Clock;
  /** DIAN's certificate its answers chain to (the submitter's anchor); without it only their signature is checked. */
  trustedDianPem?: string | undefined;
};

export type ImportRequest = {
  tenantId: string;
  tenantNit: string;
  bytes: Uint8Array;
  source: 'upload' | 'mail';
  fileName?: string | undefined;
  mailMessageId?: string | undefined;
  /** Who asked: the request id, or the mail's Message-ID. */
  correlationId: string;
};

export type ImportOutcome =
  | { kind: 'unreadable'; reason: string }
  /** `checksPassed`: this file's; an earlier import in force may differ (the stream's view tells). */
  | { kind: 'imported' | 'already'; cufe: string; checksPassed: boolean };

/**
 * A supplier's file, checked off the event loop and recorded on the received invoice's own stream (decideImport),
 * the file stored as it came, the invoice listed.
 */
export async function importReceivedInvoice(ports: ImportPorts, request: ImportRequest): Promise<ImportOutcome> {
  const checked = await ports.checker.check({
    bytes: request.bytes,
    tenantNit: request.tenantNit,
    trustedDianPem: ports.trustedDianPem,
  });
  if (checked.kind === 'unreadable') return checked;
  const facts = checked.facts;
  const checksPassed = facts.checks.every((c) => c.ok);
  const stream = receivedInvoiceStream(request.tenantId, facts.cufe);
  const sha256 = createHash('sha256').update(facts.xml, 'utf8').digest('hex');
  const run = await runReaction({
    store: ports.store,
    stream,
    fold: receivedInvoiceFold,
    decide: (state) => decideImport({ checks_passed: checksPassed }, state),
    act: async () => {
      const key = `${request.tenantId}/received/${facts.cufe}.${sha256.slice(0, 12)}.xml`;
      await ports.blobs.put(key, facts.xml, 'application/xml');
      const s = facts.supplier;
      const event = newInvoiceEvent(
        'ReceivedInvoiceImported',
        {
          cufe: facts.cufe,
          number: facts.number,
          ...(facts.issueDate ? { issue_date: facts.issueDate } : {}),
          ...(facts.environment ? { environment: facts.environment } : {}),
          supplier: {
            nit: s.nit,
            ...(s.dv !== undefined ? { dv: s.dv } : {}),
            ...(s.documentType ? { document_type: s.documentType } : {}),
            ...(s.personType ? { person_type: s.personType } : {}),
            name: s.name,
            ...(s.email ? { email: s.email } : {}),
          },
          ...(facts.buyerId ? { buyer_id: facts.buyerId } : {}),
          ...(facts.payableAmount ? { payable_amount: facts.payableAmount } : {}),
          source: request.source,
          ...(request.fileName ? { file_name: request.fileName } : {}),
          ...(request.mailMessageId ? { mail_message_id: request.mailMessageId } : {}),
          document_key: key,
          document_sha256: sha256,
          checks: facts.checks,
          checks_passed: checksPassed,
        },
        {
          tenantId: request.tenantId,
          invoiceId: stream,
          correlationId: request.correlationId,
          causationId: request.correlationId,
        },
        ports.clock,
      );
      return { events: [event] };
    },
  });
  // Listed after the append, and again on a repeat: a crash between the two is mended by the next import.
  await ports.index.add(request.tenantId, facts.cufe, ports.clock.now());
  return { kind: run.outcome === 'acted' ? 'imported' : 'already', cufe: facts.cufe, checksPassed };
}
