import type { InvoiceEvent, InvoiceStage, InvoiceStatus } from '@fe/contracts';
import { stageOrder, type InvoiceStatusView } from './invoice-status.ts';

/**
 * Folds one invoice event into the status view (architecture.md convention 1: a pure evolve).
 * Idempotent per event id, and tolerant of the order the parallel branches arrive in: the renderer
 * and the submitter both react to InvoiceSigned, so "rendered" may come after "submitted"; the
 * stage never moves backwards and a final status never changes.
 *
 *   const view = events.reduce(evolve, undefined);
 */
export function evolve(view: InvoiceStatusView | undefined, event: InvoiceEvent): InvoiceStatusView | undefined {
  if (event.type === 'InvoiceRequested') {
    if (view) return view; // a replayed creation changes nothing
    const d = event.data;
    return {
      invoiceId: event.invoice_id ?? d.document_id,
      tenantId: event.tenant_id,
      cufe: d.cufe,
      number: d.document_id,
      issuedAt: d.issued_at,
      status: 'pending',
      stage: 'requested',
      createdAt: event.occurred_at,
      updatedAt: event.occurred_at,
      history: [{ status: 'pending', stage: 'requested', at: event.occurred_at }],
      lastEventId: event.id,
    };
  }
  if (!view || view.lastEventId === event.id) return view;
  const at = event.occurred_at;
  const isVerdict = event.type === 'InvoiceAccepted' || event.type === 'InvoiceRejected';
  if (isVerdict && view.status !== 'pending') return { ...view, lastEventId: event.id }; // the first verdict is final
  switch (event.type) {
    case 'InvoiceSigned':
      return advance({ ...view, xmlKey: event.data.xml_key }, 'signed', 'pending', at, event.id);
    case 'InvoiceRendered':
      return advance({ ...view, pdfKey: event.data.pdf_key }, 'rendered', view.status, at, event.id);
    case 'InvoiceSubmitted':
      return advance({ ...view, trackId: event.data.track_id }, 'submitted', view.status, at, event.id);
    case 'InvoiceSubmissionFailed':
      return { ...view, lastSubmissionFailure: { reason: event.data.reason, retriable: event.data.retriable, at }, updatedAt: latest(view.updatedAt, at), lastEventId: event.id };
    case 'InvoiceAccepted':
      return advance(
        {
          ...view,
          trackId: event.data.track_id,
          taxAuthority: { status: 'accepted', statusCode: event.data.status_code, statusMessage: event.data.status_message, errors: event.data.notifications },
        },
        'accepted', 'accepted', at, event.id,
      );
    case 'InvoiceRejected':
      return advance(
        {
          ...view,
          trackId: event.data.track_id,
          taxAuthority: { status: 'rejected', statusCode: event.data.status_code, statusMessage: event.data.status_message, errors: event.data.errors },
        },
        'rejected', 'rejected', at, event.id,
      );
    case 'BuyerNotified':
      return { ...view, buyerNotifiedAt: event.data.notified_at, updatedAt: latest(view.updatedAt, at), lastEventId: event.id };
  }
}

function advance(view: InvoiceStatusView, stage: InvoiceStage, status: InvoiceStatus, at: string, eventId: string): InvoiceStatusView {
  const final = view.status !== 'pending';
  const forward = stageOrder[stage] > stageOrder[view.stage];
  if (final || !forward) return { ...view, updatedAt: latest(view.updatedAt, at), lastEventId: eventId };
  return { ...view, stage, status, updatedAt: latest(view.updatedAt, at), history: [...view.history, { status, stage, at }], lastEventId: eventId };
}

/** A redelivered older event must not move updated_at back (ISO instants with one offset compare as text). */
const latest = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a);
