import type { ReceivedInvoiceImportedV1 } from '@fe/contracts';
import type { EventStore } from '@fe/platform';

/**
 * The first import of each received invoice (a tenant's as buyer, docs/radian.md "The buyer's side") whose CUFE or
 * number is `wanted`: one pass over the store.
 */
export async function findReceived(
  store: EventStore,
  wanted: string,
  tenant: string | undefined,
): Promise<ReceivedInvoiceImportedV1[]> {
  const found = new Map<string, ReceivedInvoiceImportedV1>();
  let after = 0n;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return [...found.values()];
    for (const { envelope, position } of page) {
      after = position;
      if (envelope.type !== 'ReceivedInvoiceImported' || (tenant !== undefined && envelope.tenant_id !== tenant))
        continue;
      const data = envelope.data as ReceivedInvoiceImportedV1['data'];
      if ((data.cufe === wanted || data.number === wanted) && !found.has(envelope.invoice_id!))
        found.set(envelope.invoice_id!, envelope as ReceivedInvoiceImportedV1);
    }
  }
}

/**
 * A received invoice's life in one line per event: the import and its checks' verdict, each buyer event asked for,
 * DIAN's answer (registered with its CUDE, or refused with its rules), its AttachedDocument mailed to the supplier.
 */
export function receivedLine(type: string, data: Record<string, unknown>): string | undefined {
  const text = (key: string) => String(data[key] ?? '');
  const event = `buyer event ${text('code')}${data.event_id ? ` ${text('event_id')}` : ''}`;
  if (type === 'ReceivedInvoiceImported') {
    const supplier = data.supplier as { nit?: unknown; name?: unknown };
    const failed = (data.checks as { code: string; ok: boolean }[]).filter((c) => !c.ok).map((c) => c.code);
    return (
      `received by ${text('source')}${data.file_name ? ` (${text('file_name')})` : ''}: invoice ${text('number')} of ` +
      `${String(supplier.name)} (NIT ${String(supplier.nit)}); ` +
      (failed.length ? `checks failed: ${failed.join(', ')}` : 'every check passed')
    );
  }
  if (type === 'ReceivedInvoiceEventRequested') {
    const person = data.person as { first_name?: unknown; family_name?: unknown } | undefined;
    const claim = data.claim as { reason?: unknown } | undefined;
    return (
      `${event} requested from ${text('requested_from')}` +
      `${person ? `, by ${String(person.first_name)} ${String(person.family_name)}` : ''}` +
      `${claim ? `, reason ${String(claim.reason)}` : ''}`
    );
  }
  if (type === 'ReceivedInvoiceEventRegistered')
    return `${event} registered by DIAN, CUDE ${text('cude')}, issued ${text('issue_date')} ${text('issue_time')}`;
  if (type === 'ReceivedInvoiceEventRefused') {
    const rules = (data.rules as { rule: string; message: string }[]).map((r) => `${r.rule} ${r.message}`);
    return `${event} refused by DIAN (${text('status_code')}): ${rules.join('; ')}`;
  }
  if (type === 'ReceivedInvoiceEventMailed') return `${event}: its AttachedDocument mailed to ${text('to')}`;
  return undefined;
}
