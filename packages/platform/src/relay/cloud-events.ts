import type { EventStore, RecordedEvent } from '../ports/event-store.ts';

/** What an event's document is: its stream's first event tells (a note's later events keep their `Invoice*` types). */
type DocumentKind = 'invoice' | 'credit_note' | 'debit_note';

/** A document's key (an invoice's CUFE, a note's CUDE) and kind, from its stream's first event. */
type DocumentIdentity = { key?: string; kind: DocumentKind };

/**
 * CloudEvents 1.0 Kafka binary-mode headers (docs/events.md), so tooling can route without decoding the body;
 * `content-type` names the JSON behind the Confluent framing, as contracts/asyncapi.json does.
 */
export function cloudEventHeaders(
  event: RecordedEvent,
  document: DocumentIdentity | undefined,
): Record<string, string> {
  const { envelope } = event;
  return {
    ce_specversion: '1.0',
    ce_id: envelope.id,
    ce_type: `co.fe-colombia.${envelope.type}.v${envelope.version}`,
    ce_source: `/fe-colombia/tenants/${encodeURIComponent(envelope.tenant_id)}`,
    ce_time: envelope.occurred_at,
    ...(document?.key ? { ce_subject: document.key } : {}),
    ...(document ? { ce_documentkind: document.kind } : {}),
    'content-type': 'application/json',
  };
}

/**
 * The event type a message's `ce_type` names (`co.fe-colombia.InvoiceSigned.v1` → `InvoiceSigned`): a consumer
 * can pass over an event it does not handle without decoding it. Undefined without the header.
 */
export function eventTypeOfHeaders(headers: Readonly<Record<string, string>> | undefined): string | undefined {
  const type = headers?.ce_type;
  return type === undefined ? undefined : /^co\.fe-colombia\.(\w+)\.v\d+$/.exec(type)?.[1];
}

/**
 * The document of an event's stream: only its first event carries the key and tells the kind, so both are remembered
 * from published first events or read from the stream; bounded.
 */
export function documentLookup(
  store: Pick<EventStore, 'read'>,
  capacity = 10_000,
): (event: RecordedEvent) => Promise<DocumentIdentity | undefined> {
  const known = new Map<string, DocumentIdentity>();
  const remember = (invoiceId: string, document: DocumentIdentity) => {
    known.set(invoiceId, document);
    if (known.size > capacity) known.delete(known.keys().next().value!);
  };
  return async (event) => {
    const own = documentOf(event.envelope);
    const invoiceId = event.envelope.invoice_id ?? event.stream;
    if (own) {
      remember(invoiceId, own);
      return own;
    }
    const cached = known.get(invoiceId);
    if (cached || !event.stream.startsWith('inv-')) return cached;
    const first = (await store.read(event.stream)).events[0];
    const found = first && documentOf(first.envelope);
    if (found) remember(invoiceId, found);
    return found;
  };
}

const openers: Readonly<Record<string, { kind: DocumentKind; field: 'cufe' | 'cude' }>> = {
  InvoiceRequested: { kind: 'invoice', field: 'cufe' },
  CreditNoteRequested: { kind: 'credit_note', field: 'cude' },
  DebitNoteRequested: { kind: 'debit_note', field: 'cude' },
};

/** A document's first event: an invoice's CUFE, or a credit or debit note's CUDE (docs/notes.md), and its kind. */
function documentOf(envelope: RecordedEvent['envelope']): DocumentIdentity | undefined {
  const opener = openers[envelope.type];
  if (!opener) return undefined;
  const key = (envelope.data as Record<string, unknown> | undefined)?.[opener.field];
  return { kind: opener.kind, ...(typeof key === 'string' ? { key } : {}) };
}
