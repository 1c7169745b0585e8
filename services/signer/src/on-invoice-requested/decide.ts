import type { InvoiceSignedV1 } from '@fe/contracts';
import { documentKey, documentStream, type DocumentRequested, type DocumentState } from '@fe/platform';
import { SignerError } from '../errors.ts';

export type SigningDecision<T extends DocumentRequested = DocumentRequested> =
  | { action: 'none'; reason: 'already_signed' }
  /** Sign the request as recorded in the stream (the source of truth), not the delivered copy. */
  | { action: 'sign'; requested: T };

/**
 * What the signer does about a delivered …Requested, from its stream's state (pure). Redeliveries are normal,
 * so "already signed" is an answer; a delivered event that is not the recorded one is a broken invariant.
 */
export function decideSigning<T extends DocumentRequested>(delivered: T, state: DocumentState): SigningDecision<T> {
  const requested = state.requested?.type === delivered.type ? (state.requested as T) : undefined;
  if (!requested) throw new SignerError('EVENT_NOT_RECORDED', `the stream holds no ${delivered.type}`);
  if (requested.id !== delivered.id) throw new SignerError('EVENT_NOT_RECORDED', `recorded event ${requested.id}`);
  if (documentKey(requested) !== documentKey(delivered))
    throw new SignerError('EVENT_NOT_RECORDED', 'the delivered key differs from the recorded one');
  if (state.signed) return { action: 'none', reason: 'already_signed' };
  return { action: 'sign', requested };
}

/** The signer's decider: a document stream's fold, and decideSigning on its state. */
export const signingDecider = { ...documentStream, decide: decideSigning };

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
