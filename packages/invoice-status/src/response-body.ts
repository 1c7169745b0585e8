import type { CreateInvoiceResponse, InvoiceStatusResponse } from '@fe/contracts';
import { buyerAnswer } from '@fe/dian-domain';
import type { BlobStore } from '@fe/platform';
import type { InvoiceStatusView } from './invoice-status.ts';
import { amountOfCents, balanceCents } from './notes.ts';
import { processingError } from './processing-error.ts';

/** Signed, expiring links to the invoice's files, minted by whoever answers the request. */
export type InvoiceLinks = { xmlUrl: string; pdfUrl: string };

// Spanish, like DIAN's own status messages, which this field otherwise carries verbatim.
const PENDING = 'Pendiente de validación por la DIAN.';
const RETRY_SCHEDULED = 'La DIAN no está disponible; se programó un nuevo intento de envío.';
const NOT_RETRIED = 'No fue posible enviar la factura a la DIAN y el envío no se reintentará automáticamente.';
const HALTED =
  'El procesamiento de la factura se detuvo; espera la intervención del operador (processing_error dice por qué).';
const FALLBACK = { accepted: 'Documento validado por la DIAN.', rejected: 'Documento rechazado por la DIAN.' } as const;

/**
 * The body of POST /invoice for a view (docs/api.md, "Answers"): `success` exactly when accepted; a rejection's
 * TAX_AUTHORITY_REJECTED lists DIAN's rules.
 */
export function createResponseBody(view: InvoiceStatusView, links: InvoiceLinks): CreateInvoiceResponse {
  const dian = view.taxAuthority;
  const rules = dian?.errors ?? [];
  const body: CreateInvoiceResponse = {
    success: view.status === 'accepted',
    cufe: view.cufe,
    number: view.number,
    issued_at: view.issuedAt,
    xml_url: links.xmlUrl,
    pdf_url: links.pdfUrl,
    status: view.status,
    tax_authority_response: {
      // SendBillSync's track id is the cufe itself, so it is the honest value before DIAN answers.
      track_id: view.trackId ?? view.cufe,
      status: view.status,
      status_message: statusMessage(view),
      ...(rules.length ? { errors: rules.map(({ rule, message }) => ({ rule, message })) } : {}),
    },
    ...(view.processingHalt ? { processing_error: processingError(view.processingHalt) } : {}),
    ...noteFields(view),
  };
  if (view.status !== 'rejected') return body;
  return {
    ...body,
    error: {
      code: 'TAX_AUTHORITY_REJECTED',
      message: 'DIAN rejected the invoice; tax_authority_response.errors lists its rules.',
      details: rules.map((r) => ({ path: 'tax_authority_response.errors', message: `${r.rule}: ${r.message}` })),
    },
  };
}

/**
 * The body of GET /status/<cufe>: the creation body plus the stage, the instants and the history. `today` (Colombian
 * YYYY-MM-DD) says whether a tacit acceptance is available yet; without it, only from when.
 */
export function statusResponseBody(
  view: InvoiceStatusView,
  links: InvoiceLinks,
  today?: string,
): InvoiceStatusResponse {
  return {
    ...createResponseBody(view, links),
    stage: view.stage,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
    history: view.history.map(({ status, stage, at }) => ({ status, stage, at })),
    ...(view.buyerNotification ? { buyer_notification: view.buyerNotification } : {}),
    ...ledgerFields(view),
    ...radianFields(view, today),
  };
}

/** What an accepted invoice's status adds about RADIAN: the buyer's answer, the events, a tacit acceptance's date. */
function radianFields(view: InvoiceStatusView, today: string | undefined): Partial<InvoiceStatusResponse> {
  if ((view.documentType && view.documentType !== 'invoice') || view.status !== 'accepted') return {};
  const events = view.radianEvents ?? [];
  const answer = buyerAnswer(events.map((e) => ({ code: e.code, issueDate: e.issue_date })));
  const from = answer.tacitAcceptanceFrom;
  return {
    buyer_answer: answer.answer,
    ...(events.length ? { radian_events: events } : {}),
    ...(from ? { tacit_acceptance_available_from: from } : {}),
    ...(from && today ? { tacit_acceptance_available: today >= from } : {}),
  };
}

/** What an answer about a note adds: its type, the invoice it corrects, its concept. */
function noteFields(view: InvoiceStatusView): Partial<CreateInvoiceResponse> {
  if (!view.documentType || view.documentType === 'invoice') return {};
  return {
    document_type: view.documentType,
    ...(view.reference
      ? {
          referenced_invoice: {
            number: view.reference.number,
            cufe: view.reference.cufe,
            issue_date: view.reference.issueDate,
          },
        }
      : {}),
    ...(view.concept !== undefined ? { concept: view.concept } : {}),
  };
}

/**
 * What an invoice's status adds once notes exist: each issued note (a reservation not yet numbered
 * counts in the balance but has no number to show), the balance of an accepted invoice, voided.
 */
function ledgerFields(view: InvoiceStatusView): Partial<InvoiceStatusResponse> {
  if (view.documentType && view.documentType !== 'invoice') return {};
  const notes = view.notes ?? [];
  const issued = notes.flatMap((n) =>
    n.number !== undefined && n.cude !== undefined
      ? [
          {
            document_type: n.kind === 'credit' ? ('credit_note' as const) : ('debit_note' as const),
            number: n.number,
            cude: n.cude,
            concept: n.concept,
            amount: n.amount,
            status: n.status,
          },
        ]
      : [],
  );
  const balance =
    view.status === 'accepted' && view.payableAmount !== undefined
      ? balanceCents(view.payableAmount, notes)
      : undefined;
  return {
    ...(issued.length ? { notes: issued } : {}),
    ...(balance !== undefined && notes.length ? { balance: amountOfCents(balance) } : {}),
    ...(view.voided ? { voided: true } : {}),
  };
}

/**
 * The blob keys of the invoice's XML and PDF: the recorded ones, or, before the signer or the
 * renderer recorded theirs, the deterministic `<tenant>/<prefix+number>.xml|.pdf` they write to.
 */
export function invoiceBlobKeys(view: InvoiceStatusView): { xmlKey: string; pdfKey: string } {
  return {
    xmlKey: view.xmlKey ?? `${view.tenantId}/${view.number}.xml`,
    pdfKey: view.pdfKey ?? `${view.tenantId}/${view.number}.pdf`,
  };
}

/** Fresh signed links for a view, valid for `ttlSeconds`. */
export async function invoiceLinks(
  blobs: Pick<BlobStore, 'signedUrl'>,
  view: InvoiceStatusView,
  ttlSeconds: number,
): Promise<InvoiceLinks> {
  const { xmlKey, pdfKey } = invoiceBlobKeys(view);
  const [xmlUrl, pdfUrl] = await Promise.all([
    blobs.signedUrl(xmlKey, ttlSeconds),
    blobs.signedUrl(pdfKey, ttlSeconds),
  ]);
  return { xmlUrl, pdfUrl };
}

/** DIAN's own words once it answered; before that, what the service knows about the submission. */
function statusMessage(view: InvoiceStatusView): string {
  if (view.status !== 'pending') return view.taxAuthority?.statusMessage || FALLBACK[view.status];
  if (view.processingHalt) return HALTED;
  const failure = view.lastSubmissionFailure;
  if (!failure) return PENDING;
  if (!failure.retriable) return NOT_RETRIED;
  return failure.nextAttemptAt ? `${RETRY_SCHEDULED} Próximo intento: ${failure.nextAttemptAt}.` : RETRY_SCHEDULED;
}
