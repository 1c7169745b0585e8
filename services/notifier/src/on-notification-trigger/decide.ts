import type {
  BuyerNotificationFailedV1,
  BuyerNotificationRequestedV1,
  BuyerNotificationStartedV1,
  InvoiceAcceptedV1,
  InvoiceRenderedV1,
  InvoiceSignedV1,
  NotificationAddressSource,
} from '@fe/contracts';
import { documentStream, isContingencyInvoice, type DocumentRequested, type DocumentState } from '@fe/platform';
import { NotifierError } from '../errors.ts';
import { customerOf } from './document-request.ts';

/**
 * What starts a notification: the PDF drawn (the automatic mail), a request to send again, or DIAN's acceptance of a
 * contingency invoice whose PDF was drawn, and mailed, before it (docs/contingency.md).
 */
export type NotificationTrigger = InvoiceRenderedV1 | BuyerNotificationRequestedV1 | InvoiceAcceptedV1;

/** The recorded facts a mail is built from; `requested` is the stream's first event (an invoice's or a note's). */
export type InvoiceFacts = {
  requested: DocumentRequested;
  signed: InvoiceSignedV1;
  /** Absent only for a contingency invoice (type 04), mailed before DIAN has it (docs/contingency.md). */
  accepted: InvoiceAcceptedV1 | undefined;
  rendered: InvoiceRenderedV1;
};

export type Address = { email: string; source: NotificationAddressSource };

export type NotificationDecision =
  | {
      action: 'none';
      reason: 'not_accepted' | 'not_rendered' | 'notified' | 'failed_final' | 'skipped' | 'mailed_when_rendered';
    }
  /** First attempt: find the address (request, resend request, else DIAN's GetAcquirer), then send. */
  | { action: 'send'; facts: InvoiceFacts; attempt: 1; address: Address | undefined }
  /** A temporary failure was recorded: send again, same address and Message-ID. */
  | { action: 'send'; facts: InvoiceFacts; attempt: number; address: Address; retryOf: BuyerNotificationFailedV1 }
  /** An attempt was recorded as started and nothing after it: the process stopped between sending and recording. */
  | { action: 'reconcile'; facts: InvoiceFacts; started: BuyerNotificationStartedV1 };

/**
 * What the notifier does about a trigger, from its stream's state (pure). The events a trigger caused are its
 * round's record, so a redelivery continues that round and never starts a second mail.
 */
export function decideNotification(trigger: NotificationTrigger, state: DocumentState): NotificationDecision {
  if (state.recorded.get(trigger.id) !== trigger.type) {
    throw new NotifierError('TRIGGER_NOT_RECORDED', `${trigger.type} ${trigger.id}`);
  }
  const { accepted, rendered, requested, signed } = state;
  if (!accepted && !(requested && isContingencyInvoice(requested))) return { action: 'none', reason: 'not_accepted' };
  if (!rendered) return { action: 'none', reason: 'not_rendered' };
  if (!requested || !signed) {
    throw new NotifierError(
      'REQUEST_NOT_RECORDED',
      'an accepted document whose stream does not start with InvoiceRequested, CreditNoteRequested or DebitNoteRequested, or has no InvoiceSigned',
    );
  }
  // A contingency invoice's PDF drawn before DIAN's acceptance (stream order, so every delivery decides alike): its
  // first mail goes without DIAN's answer, and the acceptance sends the second, with it. Any other invoice is mailed
  // once, when drawn.
  const drawnBeforeAcceptance = !accepted || recordedBefore(state, rendered.id, accepted.id);
  if (trigger.type === 'InvoiceAccepted' && !drawnBeforeAcceptance)
    return { action: 'none', reason: 'mailed_when_rendered' };
  const withoutAnswer = trigger.type === 'InvoiceRendered' && drawnBeforeAcceptance;
  const facts = { requested, signed, accepted: withoutAnswer ? undefined : accepted, rendered };

  const round = state.notifications.filter((e) => e.causation_id === trigger.id);
  const last = round.at(-1);
  if (!last) {
    const email = trigger.type === 'BuyerNotificationRequested' ? trigger.data.email : undefined;
    const fromRequest = customerOf(requested).email;
    const address: Address | undefined = email
      ? { email, source: 'resend_request' }
      : fromRequest
        ? { email: fromRequest, source: 'request' }
        : undefined;
    return { action: 'send', facts, attempt: 1, address };
  }
  switch (last.type) {
    case 'BuyerNotified':
      return { action: 'none', reason: 'notified' };
    case 'BuyerNotificationSkipped':
      return { action: 'none', reason: 'skipped' };
    case 'BuyerNotificationStarted':
      return { action: 'reconcile', facts, started: last };
    case 'BuyerNotificationFailed': {
      if (last.data.final) return { action: 'none', reason: 'failed_final' };
      const started = round.findLast((e): e is BuyerNotificationStartedV1 => e.type === 'BuyerNotificationStarted');
      if (!started)
        throw new NotifierError('TRIGGER_NOT_RECORDED', 'a temporary failure without its BuyerNotificationStarted');
      return {
        action: 'send',
        facts,
        attempt: last.data.attempt + 1,
        address: { email: started.data.email, source: started.data.source },
        retryOf: last,
      };
    }
  }
}

/** Whether the stream recorded event `a` before event `b` (both recorded). */
function recordedBefore(state: DocumentState, a: string, b: string): boolean {
  for (const id of state.recorded.keys()) {
    if (id === a) return true;
    if (id === b) return false;
  }
  return false;
}

/** The notifier's decider: a document stream's fold, and decideNotification on its state. */
export const notificationDecider = { ...documentStream, decide: decideNotification };

/** The Message-ID of a round: the same on every attempt, so a receiver (and the outbox) can tell a repeat. */
export const roundMessageId = (trigger: NotificationTrigger, number: string, domain: string): string =>
  `<${number}.${trigger.id}@${domain}>`;
