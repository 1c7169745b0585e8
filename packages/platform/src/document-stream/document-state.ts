import type {
  BuyerNotificationFailedV1,
  BuyerNotificationSkippedV1,
  BuyerNotificationStartedV1,
  BuyerNotifiedV1,
  CreditNoteRequestedV3,
  DebitNoteRequestedV3,
  InvoiceAcceptedV1,
  InvoiceEvent,
  InvoiceEventType,
  InvoiceNoteReservedV2,
  InvoiceRadianEventRegisteredV1,
  InvoiceRedriveRequestedV1,
  InvoiceRejectedV1,
  InvoiceRenderedV1,
  InvoiceRequestedV3,
  InvoiceSignedV1,
  InvoiceSubmissionFailedV1,
  InvoiceSubmittedV1,
} from '@fe/contracts';
import { automaticTacitRequester } from '@fe/contracts';
import { isDocumentRequested, type DocumentRequested } from './document-requested.ts';

/** The events of one notification round: what a trigger caused (causation_id). */
type NotificationEvent =
  BuyerNotificationStartedV1 | BuyerNotifiedV1 | BuyerNotificationFailedV1 | BuyerNotificationSkippedV1;

/** The last submission attempt recorded, and the event a next attempt follows from. */
type SubmissionState = {
  /** The highest attempt number recorded; 0 before the first. */
  lastAttempt: number;
  last: { kind: 'submitted' } | { kind: 'failed'; data: InvoiceSubmissionFailedV1['data'] } | undefined;
  /** The last of InvoiceSigned, InvoiceSubmitted, InvoiceSubmissionFailed, a re-drive: what a next outcome follows. */
  cause: InvoiceSignedV1 | InvoiceSubmittedV1 | InvoiceSubmissionFailedV1 | InvoiceRedriveRequestedV1 | undefined;
  /** `lastAttempt` when an operator last re-drove the submission: the attempts allowed count again from there. */
  redrivenAfter?: number;
};

/**
 * What the reactions decide from, folded from an invoice's or a note's stream. Each fact is the first of its kind
 * recorded, as a redelivery or a lost race may follow it.
 */
export type DocumentState<Requested extends DocumentRequested = DocumentRequested> = {
  /** The stream's first event, when it is a document's request (it says which document the stream is). */
  requested: Requested | undefined;
  /** Every recorded event's id and type: a delivered event must be one of them. */
  recorded: ReadonlyMap<string, InvoiceEventType>;
  signed: InvoiceSignedV1 | undefined;
  submission: SubmissionState;
  verdict: InvoiceAcceptedV1 | InvoiceRejectedV1 | undefined;
  accepted: InvoiceAcceptedV1 | undefined;
  rendered: InvoiceRenderedV1 | undefined;
  /** Every notification round's events, in stream order. */
  notifications: readonly NotificationEvent[];
};

/** An invoice's stream also holds the ledger of its notes (docs/notes.md, "Book rules"). */
export type InvoiceState = DocumentState<InvoiceRequestedV3> & {
  noteReservations: readonly InvoiceNoteReservedV2[];
  /** reservation_id of every reservation whose note was numbered. */
  notesIssued: ReadonlySet<string>;
  /** The RADIAN events recorded on the invoice, oldest first, one per CUDE (docs/radian.md). */
  radianEvents: readonly InvoiceRadianEventRegisteredV1[];
  /** request_id of every seller's request for a RADIAN event that has its answer (InvoiceRadianEventAnswered). */
  radianAnswers: ReadonlySet<string>;
  /** request_id of each 034 the event check asked for on its own (recorded only when DIAN rejected it). */
  automaticTacitRequests: ReadonlySet<string>;
  /** DIAN rejected the automatic 034: the check offers it to the seller instead of sending it again. */
  automaticTacitRejected: boolean;
};

export type NoteState = DocumentState<CreditNoteRequestedV3 | DebitNoteRequestedV3>;

/** How a stream folds into a state: the decider's `initialState` and `evolve`. */
export type StreamFold<S> = { initialState: () => S; evolve: (state: S, event: InvoiceEvent) => S };

const initialDocumentState = (): DocumentState => ({
  requested: undefined,
  recorded: new Map(),
  signed: undefined,
  submission: { lastAttempt: 0, last: undefined, cause: undefined },
  verdict: undefined,
  accepted: undefined,
  rendered: undefined,
  notifications: [],
});

// initialState makes a fresh state for each fold, which evolve then updates in place: a long
// stream folds in linear time. A folded state is read, never evolved further by a reader.
type Mutable<S> = { -readonly [K in keyof S]: S[K] };

/** One event into the state of any document stream. */
function evolveDocument<S extends DocumentState>(state: S, event: InvoiceEvent): S {
  const s = state as Mutable<DocumentState>;
  if (s.recorded.size === 0 && isDocumentRequested(event)) s.requested = event;
  (s.recorded as Map<string, InvoiceEventType>).set(event.id, event.type);
  switch (event.type) {
    case 'InvoiceSigned':
      s.signed ??= event;
      s.submission = { ...s.submission, cause: event };
      break;
    case 'InvoiceSubmitted':
      s.submission = {
        ...s.submission,
        lastAttempt: Math.max(s.submission.lastAttempt, event.data.attempt),
        last: { kind: 'submitted' },
        cause: event,
      };
      break;
    case 'InvoiceSubmissionFailed':
      s.submission = {
        ...s.submission,
        lastAttempt: Math.max(s.submission.lastAttempt, event.data.attempt),
        last: { kind: 'failed', data: event.data },
        cause: event,
      };
      break;
    case 'InvoiceRedriveRequested':
      if (event.data.step === 'submission')
        s.submission = { ...s.submission, redrivenAfter: s.submission.lastAttempt, cause: event };
      break;
    case 'InvoiceAccepted':
      s.accepted ??= event;
      s.verdict ??= event;
      break;
    case 'InvoiceRejected':
      s.verdict ??= event;
      break;
    case 'InvoiceRendered':
      s.rendered ??= event;
      break;
    case 'BuyerNotificationStarted':
    case 'BuyerNotified':
    case 'BuyerNotificationFailed':
    case 'BuyerNotificationSkipped':
      (s.notifications as NotificationEvent[]).push(event);
      break;
    default:
  }
  return state;
}

/** Any document stream: what a reaction that serves invoices and notes alike folds. */
export const documentStream: StreamFold<DocumentState> = { initialState: initialDocumentState, evolve: evolveDocument };

/** An invoice's stream. */
export const invoiceStream: StreamFold<InvoiceState> = {
  initialState: () => ({
    ...(initialDocumentState() as DocumentState<InvoiceRequestedV3>),
    noteReservations: [],
    notesIssued: new Set(),
    radianEvents: [],
    radianAnswers: new Set(),
    automaticTacitRequests: new Set(),
    automaticTacitRejected: false,
  }),
  evolve(state, event) {
    evolveDocument(state, event);
    if (event.type === 'InvoiceNoteReserved') (state.noteReservations as InvoiceNoteReservedV2[]).push(event);
    if (event.type === 'InvoiceNoteIssued') (state.notesIssued as Set<string>).add(event.data.reservation_id);
    // A repeat of one event (two checks that raced) is the same event: the first record stands.
    if (
      event.type === 'InvoiceRadianEventRegistered' &&
      !state.radianEvents.some((e) => e.data.cude === event.data.cude)
    )
      (state.radianEvents as InvoiceRadianEventRegisteredV1[]).push(event);
    if (event.type === 'InvoiceRadianEventRequested' && event.data.requested_by === automaticTacitRequester)
      (state.automaticTacitRequests as Set<string>).add(event.data.request_id);
    if (event.type === 'InvoiceRadianEventAnswered') {
      (state.radianAnswers as Set<string>).add(event.data.request_id);
      if (event.data.outcome === 'rejected' && state.automaticTacitRequests.has(event.data.request_id))
        state.automaticTacitRejected = true;
    }
    return state;
  },
};

/** A credit or debit note's stream. */
export const noteStream: StreamFold<NoteState> = {
  initialState: initialDocumentState as () => NoteState,
  evolve: evolveDocument,
};

/** The state a list of events folds into. */
export const foldStream = <S>(fold: StreamFold<S>, events: readonly InvoiceEvent[]): S =>
  events.reduce(fold.evolve, fold.initialState());
