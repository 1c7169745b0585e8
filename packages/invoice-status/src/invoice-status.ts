import type {
  BuyerNotification,
  DocumentType,
  InvoiceStage,
  InvoiceStatus,
  ProcessingStep,
  RadianEventAnswer,
  RadianEventRequest,
  RadianEventSummary,
} from '@fe/contracts';

/**
 * One credit or debit note in its invoice's ledger (docs/notes.md): reserved first (amount known,
 * number not yet), then issued (number, CUDE, own stream), then its own verdict.
 */
export type NoteEntry = {
  reservationId: string;
  kind: 'credit' | 'debit';
  concept: string;
  amount: string;
  status: InvoiceStatus;
  number?: string;
  cude?: string;
  noteInvoiceId?: string;
};

/** One invoice as the status endpoint shows it; folded from its events by `evolve`. */
/** A seller's request for a RADIAN event, and what came of it (docs/radian.md, "The seller's requests"). */
export type RadianRequestEntry = {
  requestId: string;
  code: RadianEventRequest['code'];
  requestedAt: string;
  answer?: Omit<RadianEventAnswer, 'request_id' | 'code'>;
};

export type InvoiceStatusView = {
  invoiceId: string;
  tenantId: string;
  cufe: string;
  /** Prefix + consecutive, e.g. SETP990000001 (the XML cbc:ID, and the blobs' file name). */
  number: string;
  /** The numbering resolution's prefix and the consecutive alone (digits), as InvoiceRequested carries them. */
  prefix: string;
  consecutive: string;
  issuedAt: string;
  /** The buyer's name and the payable amount, from the request (absent in views folded before they were kept). */
  buyerName?: string;
  payableAmount?: string;
  /** The currency of payableAmount and of the notes' amounts (DocumentCurrencyCode) when not the peso; absent: COP. */
  currency?: string;
  status: InvoiceStatus;
  stage: InvoiceStage;
  createdAt: string;
  updatedAt: string;
  history: { status: InvoiceStatus; stage: InvoiceStage; at: string }[];
  xmlKey?: string;
  pdfKey?: string;
  trackId?: string;
  taxAuthority?: {
    status: string;
    statusCode: string;
    statusMessage: string;
    errors: { rule: string; message: string }[];
  };
  /** The latest failed attempt, until a later attempt is submitted: "DIAN unreachable, retry scheduled". */
  lastSubmissionFailure?: { attempt: number; reason: string; retriable: boolean; at: string; nextAttemptAt?: string };
  /** The highest attempt the submitter reported as handed to DIAN. */
  lastSubmittedAttempt?: number;
  buyerNotifiedAt?: string;
  /** The mail to the buyer, as the status body writes it (the latest notification's stage). */
  buyerNotification?: BuyerNotification;
  /** A step that gave up after its retries (InvoiceProcessingHalted), until that step's next event. */
  processingHalt?: { step: ProcessingStep; code: string; attempts: number; at: string };
  /** Absent: an invoice (views folded before notes existed say nothing). */
  documentType?: DocumentType;
  /** The invoice a note corrects; `invoiceId` only when it was issued here. Absent on a note without one. */
  reference?: { invoiceId?: string; number: string; cufe: string; issueDate: string };
  /** On a note: its concept code. */
  concept?: string;
  /** On an invoice: its notes, oldest first (the ledger on its stream). */
  notes?: NoteEntry[];
  /** On an invoice: a cancellation (credit concept "2") of it was accepted. */
  voided?: boolean;
  /** On an accepted invoice: its RADIAN events, as recorded (one per CUDE; docs/radian.md). */
  radianEvents?: RadianEventSummary[];
  /** The seller's requests for its RADIAN events (034, 036, 037), oldest first, each with its answer once given. */
  radianRequests?: RadianRequestEntry[];
  /** Id of the last event folded in: a redelivery of that event changes nothing. */
  lastEventId: string;
};

/**
 * Stages only move forward (docs/api.md, "Invoice states"). A halt sits between its step's stages, so a successful
 * re-drive moves on and a late redelivery does not hide it.
 */
export const stageOrder: Record<InvoiceStage, number> = {
  requested: 0,
  signing_failed: 0.5,
  signed: 1,
  rendered: 2,
  submission_failed: 2.5,
  submitted: 3,
  accepted: 4,
  rejected: 4,
};
