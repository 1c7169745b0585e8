import type { CreditNoteRequestedV1, DebitNoteRequestedV1, InvoiceEvent, InvoiceRequestedV1, InvoiceSignedV1 } from '@fe/contracts';
import { findEvent } from '@fe/platform';
import { SignerError } from '../errors.ts';

/** The first event of a stream the signer signs: an invoice's, or a credit or debit note's. */
export type DocumentRequested = InvoiceRequestedV1 | CreditNoteRequestedV1 | DebitNoteRequestedV1;

export type SigningDecision<T extends DocumentRequested = DocumentRequested> =
  | { action: 'none'; reason: 'already_signed' }
  /** Sign the request as recorded in the stream (the source of truth), not the delivered copy. */
  | { action: 'sign'; requested: T };

/** The document's key as its first event records it: the invoice's CUFE or the note's CUDE. */
export const documentKey = (requested: DocumentRequested): string =>
  requested.type === 'InvoiceRequested' ? requested.data.cufe : requested.data.cude;

/**
 * What the signer does about a delivered InvoiceRequested (or a note's CreditNoteRequested /
 * DebitNoteRequested), given the stream's recorded events (docs/architecture.md convention 1: pure;
 * the handler does the I/O). Redeliveries are normal on an at-least-once bus, so "already signed"
 * is an answer, not an error.
 *
 * A delivered event that is not the recorded one (another id, or another CUFE/CUDE) is a broken
 * invariant: the relay only publishes what the store holds, so something rewrote it on the way.
 *
 *   decideSigning(event, (await loadInvoiceStream(store, event.invoice_id)).events)
 *   // { action: 'sign', requested } | { action: 'none', reason: 'already_signed' }
 */
export function decideSigning<T extends DocumentRequested>(delivered: T, recorded: readonly InvoiceEvent[]): SigningDecision<T> {
  const requested = findEvent(recorded, delivered.type) as T | undefined;
  if (!requested) throw new SignerError('EVENT_NOT_RECORDED', `the stream holds no ${delivered.type}`);
  if (requested.id !== delivered.id) throw new SignerError('EVENT_NOT_RECORDED', `recorded event ${requested.id}`);
  if (documentKey(requested) !== documentKey(delivered)) throw new SignerError('EVENT_NOT_RECORDED', 'the delivered key differs from the recorded one');
  if (findEvent(recorded, 'InvoiceSigned')) return { action: 'none', reason: 'already_signed' };
  return { action: 'sign', requested };
}

/** What the signer produced, reduced to the facts InvoiceSigned records. */
export type SigningResult = {
  xmlKey: string;
  xmlSha256: string;
  /** xades:SigningTime as written in the document (the issue instant, -05:00, milliseconds). */
  signingTime: string;
  /** The leaf certificate's serial, decimal as the credential holds it. */
  serialNumber: string;
};

/** InvoiceSigned's data. `signed_at` is the signature's own SigningTime, so replays agree with the XML. */
export function invoiceSignedData(result: SigningResult): InvoiceSignedV1['data'] {
  return {
    xml_key: result.xmlKey,
    xml_sha256: result.xmlSha256,
    signed_at: result.signingTime,
    certificate_serial: serialHex(result.serialNumber),
  };
}

/** Hex of the serial, lowercase, padded to whole bytes as OpenSSL prints it ('0badc0ffee'). */
export function serialHex(decimal: string): string {
  const hex = BigInt(decimal).toString(16);
  return hex.length % 2 ? `0${hex}` : hex;
}

/** The blob key of a document's signed XML: one per tenant and document id (a note's prefix is its own). */
export const signedXmlKey = (tenantId: string, documentId: string): string => `${tenantId}/${documentId}.xml`;
