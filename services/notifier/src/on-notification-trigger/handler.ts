import type { Envelope, InvoiceEvent } from '@fe/contracts';
import { allocateDocumentNames, type FileCounter } from '@fe/dian-client';
import { colombiaDateTime, type Tenant } from '@fe/dian-domain';
import { isMailError, type MailTransport } from '@fe/mail';
import {
  documentKey,
  documentStream,
  isContingencyInvoice,
  isConcurrencyError,
  lazyChild,
  metaCausedBy,
  newInvoiceEvent,
  runReaction,
  type BlobStore,
  type Clock,
  type DeliveredMessage,
  type DocumentState,
  type EventStore,
  type Logger,
  type ReactionStep,
} from '@fe/platform';
import { utf8Text } from '@fe/dian-xml';
import { isXadesError } from '@fe/xades';
import { buildContingencyDelivery } from '../delivery/build-contingency-delivery.ts';
import { buildDelivery, type Delivery } from '../delivery/build-delivery.ts';
import { NotifierError } from '../errors.ts';
import type { AcquirerDirectory } from '../ports/acquirer-directory.ts';
import type { NotifyingTenants } from '../ports/notifying-tenants.ts';
import {
  decideNotification,
  roundMessageId,
  type Address,
  type InvoiceFacts,
  type NotificationDecision,
  type NotificationTrigger,
} from './decide.ts';
import { customerOf, kindOf, referencedInvoiceOf } from './document-request.ts';
import { domainOf, mailText, senderOf } from './mail-text.ts';
import { readDocuments } from './read-documents.ts';

export type OnNotificationTriggerPorts = {
  store: EventStore;
  blobs: BlobStore;
  tenants: NotifyingTenants;
  transport: MailTransport;
  /** DIAN's GetAcquirer; absent: a request without customer.email gets no mail. */
  acquirers?: AcquirerDirectory | undefined;
  /** The issuer's file counter: the AttachedDocument's name and its zip's (docs/choices.md, "File names"). */
  fileCounter: FileCounter;
  clock: Clock;
  logger: Logger;
  /** FE_MAIL_FROM; absent: each tenant's own address. */
  from?: string | undefined;
};

/** Conflicts with other triggers' records one delivery absorbs before it goes back to the bus. */
const MAX_CONFLICTS = 64;

/** Another delivery of the same trigger recorded its round; anything else appended meanwhile is no reason to stop. */
const ownRoundRecorded =
  (trigger: NotificationTrigger) =>
  (reloaded: DocumentState): 'lost_race' | 'append_again' =>
    reloaded.notifications.some((e) => e.causation_id === trigger.id) ? 'lost_race' : 'append_again';

/**
 * One mail to the buyer per trigger (docs/notifier.md). The attempt is recorded BEFORE the mail is handed over,
 * so two deliveries cannot both send and a crash after sending is reconciled instead of resent.
 */
export function onNotificationTrigger(ports: OnNotificationTriggerPorts) {
  return async (event: NotificationTrigger, message?: DeliveredMessage): Promise<void> => {
    const log = lazyChild(ports.logger, {
      reaction: 'on-notification-trigger',
      invoice_id: event.invoice_id,
      event_id: event.id,
      attempt: message?.attempt ?? 1,
    });
    const stream = event.invoice_id;
    if (!stream) throw new NotifierError('TRIGGER_NOT_RECORDED', 'the delivered event has no invoice_id');
    const react = () =>
      runReaction({
        store: ports.store,
        stream,
        fold: documentStream,
        decide: (state) => decideNotification(event, state),
        act: (decision) => notify(ports, event, decision, log),
      });
    // Resend requests and other triggers append to the stream meanwhile: each conflict not about this
    // trigger's round is decided again, so no requested mail is lost to another one's.
    let run: Awaited<ReturnType<typeof react>>;
    for (let attempt = 1; ; attempt++) {
      try {
        run = await react();
        break;
      } catch (error) {
        if (!isConcurrencyError(error) || attempt >= MAX_CONFLICTS) throw error;
      }
    }
    if (run.outcome === 'skipped') log.info({ outcome: 'skipped', reason: run.decision.reason }, 'no mail to send');
    else if (run.outcome === 'lost_race')
      log.info({ outcome: 'lost_race' }, 'another delivery recorded first; it sends the mail');
  };
}

/** The side effect of one decision: what to record, and (once BuyerNotificationStarted is) the mail itself. */
async function notify(
  ports: OnNotificationTriggerPorts,
  event: NotificationTrigger,
  decision: Exclude<NotificationDecision, { action: 'none' }>,
  log: Logger,
): Promise<ReactionStep<DocumentState>> {
  const stream = event.invoice_id!;
  const meta = metaCausedBy(event);
  const record = (e: InvoiceEvent, expected: bigint) => ports.store.append(stream, [e as Envelope], expected);
  const { facts } = decision;
  const profile = await ports.tenants.profile(event.tenant_id);
  if (!profile) throw new NotifierError('TENANT_UNKNOWN', event.tenant_id);
  const sender = senderOf(profile.tenant, ports.from);
  const messageId = roundMessageId(event, facts.requested.data.document_id, domainOf(sender.address));

  let address: Address | undefined;
  let attempt: number;
  if (decision.action === 'reconcile') {
    const started = decision.started.data;
    const left = await ports.transport.wasSent(started.message_id);
    if (left === true) {
      return {
        events: [
          newInvoiceEvent(
            'BuyerNotified',
            { email: started.email, message_id: started.message_id, notified_at: ports.clock.now().toISOString() },
            meta,
            ports.clock,
          ),
        ],
        after: async () =>
          log.info(
            { outcome: 'reconciled_sent', message_id: started.message_id },
            'the interrupted mail had left: recorded as sent',
          ),
      };
    }
    if (left === undefined) {
      return {
        events: [
          failedEvent(
            meta,
            ports.clock,
            { email: started.email, messageId: started.message_id, attempt: started.attempt },
            'MAIL_OUTCOME_UNKNOWN',
            'the notifier stopped between handing the mail to the server and recording the answer; it may have been delivered, and is not sent again automatically',
            true,
          ),
        ],
        after: async () =>
          log.warn(
            { outcome: 'outcome_unknown', message_id: started.message_id, code: 'MAIL_OUTCOME_UNKNOWN' },
            'an interrupted mail may have left; not sent again',
          ),
      };
    }
    address = { email: started.email, source: started.source };
    attempt = started.attempt + 1;
  } else {
    attempt = decision.attempt;
    const asked = decision.address ? undefined : await askDian(ports, facts);
    address = decision.address ?? asked?.address;
    if (!address) {
      const detail = `no customer.email; ${asked?.detail ?? "DIAN's GetAcquirer is not configured"}`;
      return {
        events: [newInvoiceEvent('BuyerNotificationSkipped', { reason: 'no_address', detail }, meta, ports.clock)],
        after: async () => log.info({ outcome: 'no_address' }, 'no address for the buyer: no mail'),
      };
    }
  }

  let delivery: Delivery;
  try {
    delivery = await prepare(ports, facts, profile.tenant);
  } catch (error) {
    const code = (error instanceof NotifierError || isXadesError(error)) && !error.retriable ? error.code : undefined;
    if (!code) throw error;
    return {
      events: [failedEvent(meta, ports.clock, { email: address.email, attempt }, code, (error as Error).message, true)],
      after: async () => log.error({ outcome: 'failed', code }, 'the mail to the buyer cannot be built'),
    };
  }

  const to = address;
  const started = newInvoiceEvent(
    'BuyerNotificationStarted',
    {
      email: to.email,
      source: to.source,
      message_id: messageId,
      attempt,
      attached_document_id: delivery.attachedDocumentId,
      file_name: delivery.zipName,
    },
    meta,
    ports.clock,
  );
  // Recorded before the mail leaves: whoever records this round first sends; another trigger's events are no conflict.
  return {
    events: [started],
    onConflict: ownRoundRecorded(event),
    after: async (version) => {
      try {
        const sent = await ports.transport.send({
          from: sender.from,
          to: to.email,
          subject: delivery.subject,
          messageId,
          ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
          text: mailText({
            buyerName: customerOf(facts.requested).name,
            tenant: profile.tenant,
            kind: kindOf(facts.requested),
            number: delivery.number,
            cufe: delivery.cufe,
            zipName: delivery.zipName,
            referencedInvoice: referencedInvoiceOf(facts.requested),
            contingency: !facts.accepted,
          }),
          attachments: [{ filename: delivery.zipName, content: delivery.zip, contentType: 'application/zip' }],
        });
        await record(
          newInvoiceEvent(
            'BuyerNotified',
            { email: to.email, message_id: messageId, notified_at: ports.clock.now().toISOString() },
            meta,
            ports.clock,
          ),
          version,
        );
        log.info(
          {
            outcome: 'sent',
            message_id: messageId,
            source: to.source,
            bytes: sent.bytes,
            zip_bytes: delivery.zip.length,
            transport: ports.transport.kind,
            kind: kindOf(facts.requested),
          },
          'document mailed to the buyer',
        );
      } catch (error) {
        // Anything but the server's own answer leaves the attempt open: the next delivery reconciles it.
        if (!isMailError(error)) throw error;
        await record(
          failedEvent(
            meta,
            ports.clock,
            { email: to.email, messageId, attempt },
            error.code,
            error.message,
            !error.retriable,
          ),
          version,
        );
        if (error.retriable) throw error; // retried by the bus with backoff, then dead-lettered
        log.warn(
          { outcome: 'failed', code: error.code, source: to.source },
          'the mail server refused the mail for good; the invoice stays accepted',
        );
      }
    },
  };
}

/** The buyer's address registered with DIAN, and what DIAN said (for the status when there is none). */
async function askDian(
  ports: OnNotificationTriggerPorts,
  facts: InvoiceFacts,
): Promise<{ address: Address | undefined; detail: string } | undefined> {
  if (!ports.acquirers) return undefined;
  const customer = customerOf(facts.requested);
  try {
    const found = await ports.acquirers.receptionEmail({
      tenantId: facts.requested.tenant_id,
      documentType: customer.document_type,
      documentNumber: customer.document_number,
    });
    return { address: found.email ? { email: found.email, source: 'dian_acquirer' } : undefined, detail: found.detail };
  } catch (error) {
    throw new NotifierError('ACQUIRER_LOOKUP_FAILED', (error as Error).message, { cause: error });
  }
}

async function prepare(ports: OnNotificationTriggerPorts, facts: InvoiceFacts, tenant: Tenant): Promise<Delivery> {
  const documents = await readDocuments(ports.blobs, facts);
  const issuedAt = ports.clock.now();
  const year = Number(colombiaDateTime(issuedAt).date.slice(0, 4));
  const owner = facts.requested.invoice_id!;
  const { applicationResponse } = documents;
  if (applicationResponse === undefined) {
    // A contingency invoice before DIAN's answer: its own file name, the one the submitter sends it under.
    const requested = facts.requested.data;
    const issueYear = Number(requested.issued_at.slice(0, 4));
    const own = await allocateDocumentNames(ports.fileCounter, { nit: tenant.nit, type: 'fv', year: issueYear, owner });
    const names = await allocateDocumentNames(ports.fileCounter, { nit: tenant.nit, type: 'ad', year, owner });
    return buildContingencyDelivery({
      tenant,
      issuedAt,
      names,
      invoiceXmlName: own.xml,
      signedInvoiceXml: utf8Text(documents.signedInvoice),
      number: requested.document_id,
      cufe: documentKey(facts.requested),
      pdf: documents.pdf,
    });
  }
  const credential = await ports.tenants.credential(facts.requested.tenant_id, issuedAt);
  if (!credential) throw new NotifierError('NO_CERTIFICATE', facts.requested.tenant_id);
  // Owned by the document's stream: every round of its mail (a retry, a resend) carries the same two names.
  const names = await allocateDocumentNames(ports.fileCounter, { nit: tenant.nit, type: 'ad', year, owner });
  return buildDelivery({
    tenant,
    credential,
    issuedAt,
    names,
    kind: kindOf(facts.requested),
    ...(isContingencyInvoice(facts.requested) ? { typeCode: '04' } : {}),
    // Decoded after the last wait, so the text dies young (read-documents.ts).
    signedInvoiceXml: utf8Text(documents.signedInvoice),
    applicationResponseXml: utf8Text(applicationResponse),
    pdf: documents.pdf,
  });
}

function failedEvent(
  meta: ReturnType<typeof metaCausedBy>,
  clock: Clock,
  at: { email: string; messageId?: string; attempt: number },
  code: string,
  reason: string,
  final: boolean,
) {
  return newInvoiceEvent(
    'BuyerNotificationFailed',
    {
      email: at.email,
      ...(at.messageId ? { message_id: at.messageId } : {}),
      attempt: at.attempt,
      code,
      reason,
      final,
      failed_at: clock.now().toISOString(),
    },
    meta,
    clock,
  );
}
