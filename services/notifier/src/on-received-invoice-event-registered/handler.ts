import { randomUUID } from 'node:crypto';
import type { ReceivedInvoiceEventRegisteredV1 } from '@fe/contracts';
import { allocateDocumentNames, type FileCounter } from '@fe/dian-client';
import { colombiaDateTime } from '@fe/dian-domain';
import type { MailTransport } from '@fe/mail';
import {
  metaCausedBy,
  newInvoiceEvent,
  runReaction,
  type BlobStore,
  type Clock,
  type EventStore,
  type Logger,
} from '@fe/platform';
import { receivedInvoiceFold } from '@fe/received-invoices';
import { senderOf } from '../on-notification-trigger/mail-text.ts';
import type { NotifyingTenants } from '../ports/notifying-tenants.ts';
import { decideEventMail } from './decide.ts';
import { buildEventMail } from './event-mail.ts';

export type EventMailDeps = {
  store: EventStore;
  blobs: BlobStore;
  tenants: NotifyingTenants;
  transport: MailTransport;
  /** The buyer's file counter: the AttachedDocument's name and its zip's (docs/choices.md, "File names"). */
  fileCounter: FileCounter;
  clock: Clock;
  logger: Logger;
  from?: string | undefined;
};

/**
 * ReceivedInvoiceEventRegistered → the event's AttachedDocument, signed by the tenant, mailed to the supplier, then
 * ReceivedInvoiceEventMailed. A failed send throws: the bus delivers the event again (the Message-ID stays the same,
 * so a receiver can tell a repeat after a crash between the send and the record).
 */
export function onReceivedInvoiceEventRegistered(deps: EventMailDeps) {
  return async (registered: ReceivedInvoiceEventRegisteredV1): Promise<void> => {
    const stream = registered.invoice_id!;
    const logger = deps.logger.child({ invoice_id: stream, event_code: registered.data.code });
    const run = await runReaction({
      store: deps.store,
      stream,
      fold: receivedInvoiceFold,
      decide: (state) => decideEventMail(registered, state),
      act: async (decision, state) => {
        const profile = await deps.tenants.profile(registered.tenant_id);
        const credential = await deps.tenants.credential(registered.tenant_id, deps.clock.now());
        if (!profile || !credential) throw new Error('CREDENTIAL_MISSING: the buyer cannot sign the AttachedDocument');
        const text = async (key: string) => Buffer.from((await deps.blobs.get(key)).bytes).toString('utf8');
        const issuedAt = deps.clock.now();
        const mail = await buildEventMail({
          tenant: profile.tenant,
          credential,
          issuedAt,
          invoiceNumber: state.imported!.data.number,
          // Owned by the event: a redelivery mails the same two names.
          names: await allocateDocumentNames(deps.fileCounter, {
            nit: profile.tenant.nit,
            type: 'ad',
            year: Number(colombiaDateTime(issuedAt).date.slice(0, 4)),
            owner: registered.data.event_key,
          }),
          signedEventXml: await text(registered.data.event_key),
          applicationResponseXml: await text(decision.arKey),
        });
        const key = registered.data.event_key.replace(/\.xml$/, '.attached-document.xml');
        await deps.blobs.put(key, mail.attachedDocumentXml, 'application/xml');
        const sender = senderOf(profile.tenant, deps.from);
        const messageId = `<${registered.data.cude.slice(0, 40)}.${registered.data.code}@${sender.address.split('@')[1] ?? 'localhost'}>`;
        await deps.transport.send({
          from: sender.from,
          to: decision.to,
          subject: mail.subject,
          text: mail.text,
          messageId,
          ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
          attachments: [{ filename: mail.zipName, content: mail.zip, contentType: 'application/zip' }],
        });
        logger.info({ to_domain: decision.to.split('@')[1] }, "the buyer's event was mailed to the supplier");
        const event = newInvoiceEvent(
          'ReceivedInvoiceEventMailed',
          {
            code: registered.data.code,
            cude: registered.data.cude,
            to: decision.to,
            attached_document_key: key,
            message_id: messageId,
          },
          metaCausedBy(registered),
          deps.clock,
          randomUUID(),
        );
        return { events: [event], onConflict: 'decide_again' as const };
      },
    });
    if (run.outcome === 'skipped' && run.decision.reason !== 'mailed')
      logger.warn({ reason: run.decision.reason }, "the buyer's event is not mailed to the supplier");
  };
}
