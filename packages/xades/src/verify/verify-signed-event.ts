import type { X509Certificate } from 'node:crypto';
import { eventCude } from '@fe/dian-domain';
import { readEventApplicationResponse, UnexpectedDocumentError, type EventDocument } from '@fe/dian-xml';
import { subjectNits } from '../certificates/certificate-owner.ts';
import { checkCertificate, leafCertificate } from './check-certificate.ts';
import { checkSignature } from './check-signature.ts';
import { NS, parseXml } from './dom.ts';
import type { Check, VerificationReport } from './report.ts';

export type EventVerifyOptions = {
  /** PEM bundle of trusted CA certificates; without it the chain is reported as not checked. */
  trustedPem?: string;
  /** The sender's software PIN: when given, the CUDE is recomputed (annex reference §1.4). */
  pin?: string;
  /** NITs the signing certificate may name (the sender's, its software provider's: DIAN rule ZE03). */
  owners?: readonly string[];
};

/**
 * A signed RADIAN event (an ApplicationResponse a party sends, docs/radian.md): its signature, its certificate and who
 * it names, its CUDE, as `verifySignedInvoice` checks an invoice. Valid only when no check failed.
 */
export function verifySignedEvent(xml: string, options: EventVerifyOptions = {}): VerificationReport {
  let checks: Check[];
  try {
    const signatures = parseXml(xml).getElementsByTagNameNS(NS.ds, 'Signature');
    const signature = signatures.item(0);
    const event = readEventApplicationResponse(xml);
    if (signatures.length !== 1 || !signature) {
      checks = [{ name: 'signature', ok: false, detail: `${signatures.length} ds:Signature elements (expected 1)` }];
    } else {
      const cert = leafCertificate(signature);
      checks = [
        {
          name: 'document',
          ok: event.eventCode !== undefined,
          detail: `event ${event.eventCode ?? '(no ResponseCode)'} ${event.id ?? '(no cbc:ID)'}, CUDE ${event.cude ?? '(none)'}`,
        },
        ...checkSignature(signature, cert),
        ...checkCertificate(signature, cert, event.issueDate, options.trustedPem),
        ...(options.owners && cert ? [ownerCheck(cert, options.owners)] : []),
        cudeCheck(event, options.pin),
      ];
    }
  } catch (error) {
    const detail =
      error instanceof UnexpectedDocumentError
        ? error.message
        : `not well-formed XML: ${error instanceof Error ? error.message.split('\n')[0] : 'parse error'}`;
    checks = [{ name: 'document', ok: false, detail }];
  }
  return { valid: checks.every((c) => c.ok !== false), checks };
}

function ownerCheck(cert: X509Certificate, owners: readonly string[]): Check {
  const named = subjectNits({ der: new Uint8Array(cert.raw) });
  const owner = owners.find((nit) => named.has(nit));
  return {
    name: 'certificate owner (ZE03)',
    ok: owner !== undefined,
    detail: owner ? `names NIT ${owner}` : `names none of NIT ${[...new Set(owners)].join(', ')}`,
  };
}

function cudeCheck(event: EventDocument, pin: string | undefined): Check {
  if (pin === undefined) return { name: 'CUDE', ok: null, detail: 'not checked (no software PIN)' };
  const computed = eventCude({
    id: event.id ?? '',
    issueDate: event.issueDate ?? '',
    issueTime: event.issueTime ?? '',
    senderId: event.sender.id ?? '',
    receiverId: event.receiver.id ?? '',
    responseCode: event.eventCode ?? '',
    documentId: event.invoice.id ?? '',
    documentTypeCode: event.invoice.documentTypeCode ?? '',
    pin,
    // A blank endorsement's CUDE has its own fields (docs/radian.md, "The CUDE of an event").
    endorsementKind: event.endorsementKind,
  });
  return {
    name: 'CUDE',
    ok: computed === event.cude,
    detail:
      computed === event.cude
        ? 'recomputed, matches cbc:UUID'
        : `recomputed ${computed}, cbc:UUID says ${event.cude ?? 'nothing'}`,
  };
}
