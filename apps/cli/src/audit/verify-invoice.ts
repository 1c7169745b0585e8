import {
  documentKey,
  type AuditFinding,
  type BlobStore,
  type DocumentRequested,
  type RecordedEvent,
} from '@fe/platform';
import { parseXmlTree, readDocumentHead } from '@fe/dian-xml';
import { verifySignedInvoice } from '@fe/xades';
import { checkDianAnswer, unlessMalformed } from './dian-answer-check.ts';
import { checkIssuedEvent, issuedRecord } from './issued-event-check.ts';
import { radianOrderFindings } from './radian-event-order.ts';
import { readStream } from './read-stream.ts';
import type { TenantTrust } from './tenant-trust.ts';

/**
 * The first event of `events` when it opens a document stream (an invoice or a note); undefined for any other stream.
 */
export function documentRequested(first: { type: string } | undefined): DocumentRequested | undefined {
  return first &&
    (first.type === 'InvoiceRequested' || first.type === 'CreditNoteRequested' || first.type === 'DebitNoteRequested')
    ? (first as DocumentRequested)
    : undefined;
}

/**
 * The document half of `fe audit verify` for one stream: each named file has its recorded digest, the signed XML
 * still verifies with the requested CUFE/CUDE, and DIAN's answer still carries a valid signature saying the same.
 */
export async function verifyInvoice(
  stream: string,
  recorded: readonly RecordedEvent[],
  blobs: Pick<BlobStore, 'get'>,
  trustOf: (requested: DocumentRequested) => Promise<TenantTrust>,
  dianTrustedPem?: string,
): Promise<AuditFinding[]> {
  const { findings, events, files } = await readStream(stream, recorded, blobs);
  const requested = documentRequested(events[0]);
  if (!requested) return findings;
  const cufe = documentKey(requested); // the invoice's CUFE, a note's CUDE
  const keyName = requested.type === 'InvoiceRequested' ? 'cufe' : 'CUDE';
  for (const event of events) {
    if (event.type === 'InvoiceSigned') {
      const xml = files.get(event.data.xml_key);
      if (xml)
        findings.push(
          ...checkSignedXml(stream, Buffer.from(xml).toString('utf8'), cufe, keyName, await trustOf(requested)),
        );
    }
    if ((event.type === 'InvoiceAccepted' || event.type === 'InvoiceRejected') && event.data.application_response_key) {
      const answer = files.get(event.data.application_response_key);
      const verdict = { key: cufe, keyName: 'cufe', accepted: event.type === 'InvoiceAccepted', about: '' };
      if (answer)
        findings.push(...checkDianAnswer(stream, Buffer.from(answer).toString('utf8'), verdict, dianTrustedPem));
    }
  }
  const radian = events.flatMap((e) => (e.type === 'InvoiceRadianEventRegistered' ? [e.data] : []));
  if (radian.length) {
    const invoice = { cufe, number: requested.data.document_id };
    const trust = await trustOf(requested);
    for (const record of radian.map(issuedRecord))
      if (record) findings.push(...checkIssuedEvent(stream, record, { invoice, files, trust, dianTrustedPem }));
    findings.push(...radianOrderFindings(stream, radian));
  }
  return findings;
}

function checkSignedXml(
  stream: string,
  xml: string,
  cufe: string,
  keyName: string,
  trust: TenantTrust,
): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const report = verifySignedInvoice(xml, {
    ...(trust.trustedPem ? { trustedPem: trust.trustedPem } : {}),
    ...(trust.technicalKey ? { technicalKey: trust.technicalKey } : {}),
  });
  for (const check of report.checks.filter((c) => c.ok === false)) {
    findings.push({
      code: check.name === 'CUFE' || check.name === 'CUDE' ? 'CUFE_MISMATCH' : 'SIGNATURE_INVALID',
      subject: stream,
      detail: `signed XML: ${check.name}: ${check.detail}`,
    });
  }
  const written = unlessMalformed(() => readDocumentHead(parseXmlTree(xml)).key)?.match(CUFE_TEXT)?.[0];
  if (written !== cufe)
    findings.push({
      code: 'CUFE_MISMATCH',
      subject: stream,
      detail: `the signed XML carries ${keyName} ${written ?? '(none)'}, the request recorded ${cufe.slice(0, 16)}…`,
    });
  return findings;
}

const CUFE_TEXT = /^[0-9a-f]{96}$/;
