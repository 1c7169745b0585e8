import {
  topology,
  type BuyerNotification,
  type InvoiceEvent,
  type InvoiceEventType,
  type InvoiceRadianEventAnsweredV1,
  type InvoiceRadianEventRequestedV1,
  type InvoiceStage,
  type InvoiceStatus,
  type ProcessingStep,
  type RadianEventRegistration,
  type RadianEventSummary,
} from '@fe/contracts';
import { stageOrder, type InvoiceStatusView } from './invoice-status.ts';
import { noteIssued, noteReserved } from './notes.ts';

/**
 * Folds one invoice event into the status view (pure). Idempotent per event id and tolerant of arrival order:
 * the stage never moves backwards and a final status never changes.
 */
export function evolve(view: InvoiceStatusView | undefined, event: InvoiceEvent): InvoiceStatusView | undefined {
  if (event.type === 'InvoiceRequested') {
    if (view) return view; // a replayed creation changes nothing
    const d = event.data;
    return created(event, {
      cufe: d.cufe,
      buyerName: d.request.customer.name,
      ...(d.request.currency ? { currency: d.request.currency.code } : {}),
    });
  }
  if (event.type === 'CreditNoteRequested' || event.type === 'DebitNoteRequested') {
    if (view) return view;
    const d = event.data;
    const r = d.referenced_invoice;
    return created(event, {
      cufe: d.cude,
      buyerName: d.customer.name,
      ...(d.currency ? { currency: d.currency.code } : {}),
      documentType: event.type === 'CreditNoteRequested' ? 'credit_note' : 'debit_note',
      ...(r
        ? {
            reference: {
              ...(r.invoice_id !== undefined ? { invoiceId: r.invoice_id } : {}),
              number: r.document_id,
              cufe: r.cufe,
              issueDate: r.issue_date,
            },
          }
        : {}),
      concept: d.request.concept,
    });
  }
  if (!view || view.lastEventId === event.id) return view;
  if (view.processingHalt && producedBy(view.processingHalt.step, event.type)) view = withoutHalt(view);
  const at = event.occurred_at;
  const isVerdict = event.type === 'InvoiceAccepted' || event.type === 'InvoiceRejected';
  if (isVerdict && view.status !== 'pending') return { ...view, lastEventId: event.id }; // the first verdict is final
  switch (event.type) {
    case 'InvoiceSigned':
      return advance({ ...view, xmlKey: event.data.xml_key }, 'signed', 'pending', at, event.id);
    case 'InvoiceRendered':
      return advance({ ...view, pdfKey: event.data.pdf_key }, 'rendered', view.status, at, event.id);
    case 'InvoiceSubmitted':
      return advance(
        submittedAttempt({ ...view, trackId: event.data.track_id }, event.data.attempt),
        'submitted',
        view.status,
        at,
        event.id,
      );
    case 'InvoiceSubmissionFailed': {
      const next = {
        ...failedAttempt(view, event.data, at),
        updatedAt: latest(view.updatedAt, at),
        lastEventId: event.id,
      };
      // A failure the submitter will not retry is final for the step: the invoice waits for an operator.
      const final = !event.data.retriable && next.lastSubmissionFailure?.attempt === event.data.attempt;
      if (!final) return next;
      const halt = { step: 'submission', error_code: event.data.reason, attempts: event.data.attempt } as const;
      return halted(next, halt, at, event.id);
    }
    case 'InvoiceAccepted':
      return verdict(view, 'accepted', event.data, event.data.notifications, at, event.id);
    case 'InvoiceRejected':
      return verdict(view, 'rejected', event.data, event.data.errors, at, event.id);
    case 'BuyerNotified':
      return notification(
        { ...view, buyerNotifiedAt: event.data.notified_at },
        { stage: 'sent', at: event.data.notified_at, email: event.data.email, message_id: event.data.message_id },
        at,
        event.id,
      );
    case 'BuyerNotificationStarted': {
      const d = event.data;
      return notification(
        view,
        { stage: 'sending', at, email: d.email, source: d.source, message_id: d.message_id, attempt: d.attempt },
        at,
        event.id,
      );
    }
    case 'BuyerNotificationFailed': {
      const d = event.data;
      const failed = {
        stage: d.final ? 'failed' : 'retrying',
        at: d.failed_at,
        attempt: d.attempt,
        code: d.code,
        reason: d.reason,
      } as const;
      return notification(
        view,
        { ...failed, ...(d.email ? { email: d.email } : {}), ...(d.message_id ? { message_id: d.message_id } : {}) },
        at,
        event.id,
      );
    }
    case 'BuyerNotificationSkipped':
      return notification(view, { stage: 'no_address', at, reason: event.data.detail }, at, event.id);
    case 'BuyerNotificationRequested':
      return { ...view, updatedAt: latest(view.updatedAt, at), lastEventId: event.id };
    case 'InvoiceProcessingHalted':
      return halted(view, event.data, at, event.id);
    case 'InvoiceRedriveRequested': {
      // The operator fixed the cause: the step runs again, and its next event says how it went.
      const resumed = view.processingHalt?.step === event.data.step ? withoutHalt(view) : view;
      return { ...resumed, updatedAt: latest(view.updatedAt, at), lastEventId: event.id };
    }
    case 'InvoiceNoteReserved':
      return { ...noteReserved(view, event.data), updatedAt: latest(view.updatedAt, at), lastEventId: event.id };
    case 'InvoiceNoteIssued':
      return { ...noteIssued(view, event.data), updatedAt: latest(view.updatedAt, at), lastEventId: event.id };
    case 'InvoiceRadianEventRegistered':
      return { ...radianEvent(view, event.data), updatedAt: latest(view.updatedAt, at), lastEventId: event.id };
    case 'InvoiceRadianEventRequested':
    case 'InvoiceRadianEventAnswered':
      return { ...radianRequest(view, event), updatedAt: latest(view.updatedAt, at), lastEventId: event.id };
  }
}

/** A seller's request for a RADIAN event, or its answer (one per request_id; a repeat changes nothing). */
function radianRequest(
  view: InvoiceStatusView,
  event: InvoiceRadianEventRequestedV1 | InvoiceRadianEventAnsweredV1,
): InvoiceStatusView {
  const known = view.radianRequests ?? [];
  const { request_id: requestId, code } = event.data;
  const entry = known.find((r) => r.requestId === requestId);
  if (event.type === 'InvoiceRadianEventRequested') {
    if (entry) return view;
    return { ...view, radianRequests: [...known, { requestId, code, requestedAt: event.data.requested_at }] };
  }
  if (entry?.answer) return view;
  const { request_id: _id, code: _code, ...answer } = event.data;
  const answered = { requestId, code, requestedAt: entry?.requestedAt ?? answer.answered_at, answer };
  return {
    ...view,
    radianRequests: entry ? known.map((r) => (r === entry ? answered : r)) : [...known, answered],
  };
}

/** One RADIAN event more, unless the view has its CUDE (a repeat). */
function radianEvent(view: InvoiceStatusView, d: RadianEventRegistration): InvoiceStatusView {
  const known = view.radianEvents ?? [];
  if (known.some((e) => e.cude === d.cude)) return view;
  const entry: RadianEventSummary = {
    code: d.code,
    name: d.name,
    event_id: d.event_id,
    cude: d.cude,
    issue_date: d.issue_date,
    sender_nit: d.sender.nit,
    ...(d.claim ? { claim_reason: d.claim.reason } : {}),
    ...(d.person
      ? {
          person: {
            id: d.person.id,
            name: `${d.person.first_name} ${d.person.family_name}`.trim(),
            ...(d.person.job_title ? { job_title: d.person.job_title } : {}),
            ...(d.person.department ? { department: d.person.department } : {}),
          },
        }
      : {}),
    issued_by_us: d.issued_by_us,
    ...(d.registered_at ? { registered_at: d.registered_at } : {}),
  };
  return { ...view, radianEvents: [...known, entry] };
}

type Created = Extract<InvoiceEvent, { type: 'InvoiceRequested' | 'CreditNoteRequested' | 'DebitNoteRequested' }>;

/**
 * The first view of a document's stream: an invoice's, or a note's (its CUDE in `cufe`, where the status endpoint finds
 * it).
 */
function created(
  event: Created,
  fields: Pick<InvoiceStatusView, 'cufe' | 'buyerName' | 'currency' | 'documentType' | 'reference' | 'concept'>,
): InvoiceStatusView {
  const d = event.data;
  return {
    invoiceId: event.invoice_id ?? d.document_id,
    tenantId: event.tenant_id,
    number: d.document_id,
    prefix: d.prefix,
    consecutive: d.number,
    issuedAt: d.issued_at,
    payableAmount: d.payable_amount,
    status: 'pending',
    stage: 'requested',
    createdAt: event.occurred_at,
    updatedAt: event.occurred_at,
    history: [{ status: 'pending', stage: 'requested', at: event.occurred_at }],
    lastEventId: event.id,
    ...fields,
  };
}

/**
 * The latest notification step replaces the previous one; what it does not say (the source, once
 * sent) is kept from the step before, so "sent" still tells where the address came from.
 */
function notification(
  view: InvoiceStatusView,
  next: BuyerNotification,
  at: string,
  eventId: string,
): InvoiceStatusView {
  const before = view.buyerNotification;
  const carried =
    before && before.message_id === next.message_id
      ? {
          ...(before.source ? { source: before.source } : {}),
          ...(before.email ? { email: before.email } : {}),
          ...(before.attempt ? { attempt: before.attempt } : {}),
        }
      : {};
  return {
    ...view,
    buyerNotification: { ...carried, ...next },
    updatedAt: latest(view.updatedAt, at),
    lastEventId: eventId,
  };
}

/** Where a halted step leaves a pending invoice; rendering and notification follow a final verdict. */
const haltedStage: Partial<Record<ProcessingStep, InvoiceStage>> = {
  signing: 'signing_failed',
  submission: 'submission_failed',
};

type Halt = { step: ProcessingStep; error_code: string; attempts: number };

function halted(view: InvoiceStatusView, d: Halt, at: string, eventId: string): InvoiceStatusView {
  const withHalt = { ...view, processingHalt: { step: d.step, code: d.error_code, attempts: d.attempts, at } };
  const stage = haltedStage[d.step];
  return stage
    ? advance(withHalt, stage, 'pending', at, eventId)
    : { ...withHalt, updatedAt: latest(view.updatedAt, at), lastEventId: eventId };
}

/** Whether the service performing `step` produces this event: its next event means it moved on. */
function producedBy(step: ProcessingStep, type: InvoiceEventType): boolean {
  return Object.values(topology).some((service) => service.step === step && service.produces.includes(type));
}

function withoutHalt(view: InvoiceStatusView): InvoiceStatusView {
  const { processingHalt: _resumed, ...rest } = view;
  return rest;
}

/** A later attempt reached DIAN: the earlier failure no longer describes the invoice. */
function submittedAttempt(view: InvoiceStatusView, attempt: number): InvoiceStatusView {
  const { lastSubmissionFailure: failure, ...rest } = view;
  const lastSubmittedAttempt = Math.max(view.lastSubmittedAttempt ?? 0, attempt);
  const superseded = failure !== undefined && failure.attempt < attempt;
  return superseded ? { ...rest, lastSubmittedAttempt } : { ...view, lastSubmittedAttempt };
}

type Failure = { attempt: number; reason: string; retriable: boolean; next_attempt_at?: string | undefined };

/** Keeps the latest failure; a redelivered older one (an attempt already superseded) is ignored. */
function failedAttempt(view: InvoiceStatusView, d: Failure, at: string): InvoiceStatusView {
  const newest = Math.max(view.lastSubmissionFailure?.attempt ?? 0, view.lastSubmittedAttempt ?? 0);
  if (d.attempt < newest) return view;
  const failure = {
    attempt: d.attempt,
    reason: d.reason,
    retriable: d.retriable,
    at,
    ...(d.next_attempt_at ? { nextAttemptAt: d.next_attempt_at } : {}),
  };
  return { ...view, lastSubmissionFailure: failure };
}

type Verdict = { track_id: string; status_code: string; status_message: string };

/** DIAN's answer: the rules it reported (rejections, or notifications alongside an acceptance). */
function verdict(
  view: InvoiceStatusView,
  outcome: 'accepted' | 'rejected',
  d: Verdict,
  rules: { rule: string; message: string }[],
  at: string,
  eventId: string,
): InvoiceStatusView {
  const taxAuthority = { status: outcome, statusCode: d.status_code, statusMessage: d.status_message, errors: rules };
  return advance({ ...view, trackId: d.track_id, taxAuthority }, outcome, outcome, at, eventId);
}

function advance(
  view: InvoiceStatusView,
  stage: InvoiceStage,
  status: InvoiceStatus,
  at: string,
  eventId: string,
): InvoiceStatusView {
  const final = view.status !== 'pending';
  const forward = stageOrder[stage] > stageOrder[view.stage];
  if (final || !forward) return { ...view, updatedAt: latest(view.updatedAt, at), lastEventId: eventId };
  return {
    ...view,
    stage,
    status,
    updatedAt: latest(view.updatedAt, at),
    history: [...view.history, { status, stage, at }],
    lastEventId: eventId,
  };
}

/** A redelivered older event must not move updated_at back (ISO instants with one offset compare as text). */
const latest = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a);
