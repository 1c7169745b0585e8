import { createHash } from 'node:crypto';
import type { BlobStore } from '@fe/platform';
import { NotifierError } from '../errors.ts';
import type { InvoiceFacts } from './decide.ts';

/**
 * The stored bytes, not text: decoded only when the mail is built, since text held across the waits before that
 * outlives the young generation. `applicationResponse` is absent for a contingency invoice not yet accepted
 * (docs/contingency.md).
 */
export type StoredDocuments = {
  signedInvoice: Uint8Array;
  applicationResponse: Uint8Array | undefined;
  pdf: Uint8Array;
};

/**
 * The mail's documents as stored; the signed XML and PDF are refused when their digest differs from the recorded
 * one, since the buyer must get what was signed and drawn.
 */
export async function readDocuments(blobs: BlobStore, facts: InvoiceFacts): Promise<StoredDocuments> {
  const accepted = facts.accepted;
  const arKey = accepted?.data.application_response_key;
  if (accepted && !arKey) throw new NotifierError('NO_APPLICATION_RESPONSE', facts.requested.data.document_id);
  const [xml, ar, pdf] = await Promise.all([
    blobs.get(facts.signed.data.xml_key),
    arKey ? blobs.get(arKey) : undefined,
    blobs.get(facts.rendered.data.pdf_key),
  ]);
  checkDigest(xml.bytes, facts.signed.data.xml_sha256, facts.signed.data.xml_key);
  checkDigest(pdf.bytes, facts.rendered.data.pdf_sha256, facts.rendered.data.pdf_key);
  return { signedInvoice: xml.bytes, applicationResponse: ar?.bytes, pdf: pdf.bytes };
}

function checkDigest(bytes: Uint8Array, expected: string, key: string): void {
  if (createHash('sha256').update(bytes).digest('hex') !== expected)
    throw new NotifierError('STORED_DOCUMENT_MISMATCH', key);
}
