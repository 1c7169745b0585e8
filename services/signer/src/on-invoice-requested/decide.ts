import type { InvoiceEvent, InvoiceRequestedV1, InvoiceSignedV1 } from '@fe/contracts';
import { findEvent } from '@fe/platform';
import { SignerError } from '../errors.ts';

export type SigningDecision =
  | { action: 'none'; reason: 'already_signed' }
  /** Sign the request as recorded in the stream (the source of truth), not the delivered copy. */
  | { action: 'sign'; requested: InvoiceRequestedV1 };

/**
 * What the signer does about a delivered InvoiceRequested, given the invoice's recorded events
 * (docs/architecture.md convention 1: pure; the handler does the I/O). Redeliveries are normal on an
 * at-least-once bus, so "already signed" is an answer, not an error.
 *
 * A delivered event that is not the recorded one (another id, or another CUFE) is a broken
 * invariant: the relay only publishes what the store holds, so something rewrote it on the way.
 *
 *   decideSigning(event, (await loadInvoiceStream(store, event.invoice_id)).events)
 *   // { action: 'sign', requested } | { action: 'none', reason: 'already_signed' }
 */
export function decideSigning(delivered: InvoiceRequestedV1, recorded: readonly InvoiceEvent[]): SigningDecision {
  const requested = findEvent(recorded, 'InvoiceRequested');
  if (!requested) throw new SignerError('EVENT_NOT_RECORDED', 'the stream holds no InvoiceRequested');
  if (requested.id !== delivered.id) throw new SignerError('EVENT_NOT_RECORDED', `recorded event ${requested.id}`);
  if (requested.data.cufe !== delivered.data.cufe) throw new SignerError('EVENT_NOT_RECORDED', 'the delivered cufe differs from the recorded one');
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

/** The blob key of an invoice's signed XML: one per tenant and document id. */
export const signedXmlKey = (tenantId: string, documentId: string): string => `${tenantId}/${documentId}.xml`;
