import type { EventStore, RecordedEvent } from '../ports/event-store.ts';

/**
 * CloudEvents 1.0 Kafka binary-mode headers (docs/events.md), so tooling can route without decoding the body;
 * `content-type` is left to the schema the message names.
 */
export function cloudEventHeaders(event: RecordedEvent, cufe: string | undefined): Record<string, string> {
  const { envelope } = event;
  return {
    ce_specversion: '1.0',
    ce_id: envelope.id,
    ce_type: `co.fe-colombia.${envelope.type}.v${envelope.version}`,
    ce_source: `/fe-colombia/tenants/${encodeURIComponent(envelope.tenant_id)}`,
    ce_time: envelope.occurred_at,
    ...(cufe ? { ce_subject: cufe } : {}),
  };
}

/**
 * The cufe of an event's invoice: only InvoiceRequested carries it, so it is remembered from published requests or
 * read from the stream; bounded.
 */
export function cufeLookup(
  store: Pick<EventStore, 'read'>,
  capacity = 10_000,
): (event: RecordedEvent) => Promise<string | undefined> {
  const known = new Map<string, string>();
  const remember = (invoiceId: string, cufe: string) => {
    known.set(invoiceId, cufe);
    if (known.size > capacity) known.delete(known.keys().next().value!);
  };
  return async (event) => {
    const own = cufeOf(event.envelope);
    const invoiceId = event.envelope.invoice_id ?? event.stream;
    if (own) {
      remember(invoiceId, own);
      return own;
    }
    const cached = known.get(invoiceId);
    if (cached || !event.stream.startsWith('inv-')) return cached;
    const first = (await store.read(event.stream)).events[0];
    const found = first && cufeOf(first.envelope);
    if (found) remember(invoiceId, found);
    return found;
  };
}

/**
 * The document's key from its stream's first event: an invoice's CUFE, or a credit or debit note's CUDE
 * (docs/notes.md).
 */
function cufeOf(envelope: RecordedEvent['envelope']): string | undefined {
  const field =
    envelope.type === 'InvoiceRequested'
      ? 'cufe'
      : envelope.type === 'CreditNoteRequested' || envelope.type === 'DebitNoteRequested'
        ? 'cude'
        : undefined;
  if (field === undefined) return undefined;
  const key = (envelope.data as Record<string, unknown> | undefined)?.[field];
  return typeof key === 'string' ? key : undefined;
}
