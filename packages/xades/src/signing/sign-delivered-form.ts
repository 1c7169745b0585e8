import { SIGNATURE_SLOT_ANCHOR } from '@fe/dian-domain/primitives';
import { XadesError } from '../errors.ts';
import type { SignedDocument, SignOptions, XadesSigner } from './xades-signer.ts';

/**
 * Signs a document whose delivered text canonicalises to `canonical` (an AttachedDocument's CDATA): both must
 * agree on every character before the slot, so the signed head is the delivered head. Its callers serve requests:
 * the RSA operation runs on libuv's thread pool.
 */
export async function signDeliveredForm(
  signer: XadesSigner,
  canonical: string,
  delivered: string,
  options: SignOptions,
): Promise<SignedDocument> {
  const slot = canonical.indexOf(SIGNATURE_SLOT_ANCHOR);
  if (slot < 0) throw new XadesError('XML_NO_SIGNATURE_SLOT');
  if (
    delivered.slice(0, slot + SIGNATURE_SLOT_ANCHOR.length) !== canonical.slice(0, slot + SIGNATURE_SLOT_ANCHOR.length)
  ) {
    throw new XadesError('XML_FORMS_DIFFER');
  }
  const signed = await signer.signOffThread(canonical, options);
  const inserted = signed.xml.length - canonical.length;
  return { ...signed, xml: signed.xml.slice(0, slot + inserted) + delivered.slice(slot) };
}
