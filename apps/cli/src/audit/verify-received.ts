import type { ReceivedInvoiceEventRegisteredV1, ReceivedInvoiceImportedV1 } from '@fe/contracts';
import { readAttachedDocument } from '@fe/dian-xml';
import type { AuditFinding, BlobStore, RecordedEvent } from '@fe/platform';
import { checkReceived } from '@fe/received-invoices';
import { unlessMalformed } from './dian-answer-check.ts';
import { checkIssuedEvent } from './issued-event-check.ts';
import { radianOrderFindings } from './radian-event-order.ts';
import { readStream } from './read-stream.ts';
import type { TenantTrust } from './tenant-trust.ts';

export type ReceivedAudit = { findings: AuditFinding[]; registered: ReceivedInvoiceEventRegisteredV1['data'][] };

/**
 * A received invoice's stream (`rcv-<tenant>-<cufe>`, docs/radian.md "The buyer's side"): each stored supplier's file
 * checked again as its import checked it, each buyer event DIAN registered checked like a document (signature by the
 * tenant, CUDE with its software PIN, fields, DIAN's answer), each mailed AttachedDocument carrying its event, and the
 * stream's order: the import first, an answer after its request, events only on an invoice that passed its checks.
 */
export async function verifyReceived(
  stream: string,
  recorded: readonly RecordedEvent[],
  blobs: Pick<BlobStore, 'get'>,
  trust: TenantTrust,
  dianTrustedPem: string | undefined,
): Promise<ReceivedAudit> {
  const { findings, events, files } = await readStream(stream, recorded, blobs);
  const say = (code: AuditFinding['code'], detail: string) => findings.push({ code, subject: stream, detail });
  const text = (key: string) => {
    const bytes = files.get(key);
    return bytes && Buffer.from(bytes).toString('utf8');
  };
  const registered: ReceivedInvoiceEventRegisteredV1['data'][] = [];
  let inForce: ReceivedInvoiceImportedV1 | undefined;
  for (const [at, event] of events.entries()) {
    if (event.type === 'ReceivedInvoiceImported') {
      inForce = event;
      const stored = text(event.data.document_key);
      if (stored) findings.push(...recheck(stream, event, stored, trust, dianTrustedPem));
      continue;
    }
    if (!inForce) {
      say('RADIAN_EVENT_OUT_OF_ORDER', `${event.type} before the invoice's import`);
      continue;
    }
    const invoice = { cufe: inForce.data.cufe, number: inForce.data.number };
    const earlier = events.slice(0, at);
    if (event.type === 'ReceivedInvoiceEventRequested' && !inForce.data.checks_passed)
      say('RADIAN_EVENT_OUT_OF_ORDER', `event ${event.data.code} requested on an invoice that failed its checks`);
    if (event.type === 'ReceivedInvoiceEventRegistered' || event.type === 'ReceivedInvoiceEventRefused') {
      const { code, event_id } = event.data;
      if (!earlier.some((e) => e.type === 'ReceivedInvoiceEventRequested' && e.data.event_id === event_id))
        say('RADIAN_EVENT_OUT_OF_ORDER', `event ${code} ${event_id}: DIAN's answer recorded without its request`);
    }
    if (event.type === 'ReceivedInvoiceEventRegistered') {
      registered.push(event.data);
      const sender = { nit: trust.tenantNit ?? inForce.data.buyer_id ?? '' };
      findings.push(...checkIssuedEvent(stream, { ...event.data, sender }, { invoice, files, trust, dianTrustedPem }));
    }
    if (event.type === 'ReceivedInvoiceEventMailed') {
      const { code, cude, attached_document_key: key } = event.data;
      if (!earlier.some((e) => e.type === 'ReceivedInvoiceEventRegistered' && e.data.cude === cude))
        say('RADIAN_EVENT_OUT_OF_ORDER', `event ${code}: mailed before DIAN registered ${cude.slice(0, 16)}…`);
      const attached = text(key);
      const carried = attached && unlessMalformed(() => readAttachedDocument(attached).documentXml);
      if (attached && !carried?.includes(cude))
        say('RADIAN_EVENT_MISMATCH', `event ${code}: the mailed ${key} does not carry the event ${cude.slice(0, 16)}…`);
    }
  }
  findings.push(...radianOrderFindings(stream, registered));
  return { findings, registered };
}

/** The first event opens a received invoice's stream. */
export const isReceivedInvoice = (first: { type: string } | undefined): boolean =>
  first?.type === 'ReceivedInvoiceImported';

/**
 * The supplier's file as stored, checked again: a check whose verdict is not the one the import recorded is a finding
 * (a signature now failing, SIGNATURE_INVALID; the CUFE against DIAN's answer, CUFE_MISMATCH; any other,
 * RECEIVED_INVOICE_CHECK_DIFFERS). Without the tenant's NIT (no registry) the buyer is not compared.
 */
function recheck(
  stream: string,
  imported: ReceivedInvoiceImportedV1,
  xml: string,
  trust: TenantTrust,
  dianTrustedPem: string | undefined,
): AuditFinding[] {
  const now = checkReceived({
    bytes: Buffer.from(xml, 'utf8'),
    tenantNit: trust.tenantNit ?? imported.data.buyer_id ?? '',
    trustedDianPem: dianTrustedPem,
  });
  const about = `the stored ${imported.data.document_key}`;
  if (now.kind === 'unreadable')
    return [{ code: 'SIGNATURE_INVALID', subject: stream, detail: `${about} no longer reads: ${now.reason}` }];
  const findings: AuditFinding[] = [];
  if (now.facts.cufe !== imported.data.cufe || now.facts.number !== imported.data.number)
    findings.push({
      code: 'CUFE_MISMATCH',
      subject: stream,
      detail: `${about} is invoice ${now.facts.number} ${now.facts.cufe.slice(0, 16)}…, the import recorded ${imported.data.number}`,
    });
  for (const check of imported.data.checks) {
    if (check.code === 'BUYER_IS_TENANT' && trust.tenantNit === undefined) continue; // no registry: no NIT to compare
    const again = now.facts.checks.find((c) => c.code === check.code);
    if (!again || again.ok === check.ok) continue;
    const code: AuditFinding['code'] = !check.ok
      ? 'RECEIVED_INVOICE_CHECK_DIFFERS'
      : check.code.endsWith('_SIGNATURE')
        ? 'SIGNATURE_INVALID'
        : check.code === 'CUFE_MATCHES_DIAN'
          ? 'CUFE_MISMATCH'
          : 'RECEIVED_INVOICE_CHECK_DIFFERS';
    findings.push({
      code,
      subject: stream,
      detail: `${about}: ${check.code} recorded ${check.ok ? 'passed' : 'failed'}, now ${again.ok ? 'passes' : `fails: ${again.detail}`}`,
    });
  }
  return findings;
}
