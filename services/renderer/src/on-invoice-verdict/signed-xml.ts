import { createHash } from 'node:crypto';
import type { InvoiceSignedV1 } from '@fe/contracts';
import type { BlobStore } from '@fe/platform';
import { RendererError } from '../errors.ts';

/**
 * The signed XML exactly as InvoiceSigned recorded it: a blob whose digest differs is refused, not drawn, since the
 * PDF must show what was signed.
 */
export async function signedXml(blobs: BlobStore, signed: InvoiceSignedV1): Promise<string> {
  const { bytes } = await blobs.get(signed.data.xml_key);
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== signed.data.xml_sha256)
    throw new RendererError(
      'XML_DIGEST_MISMATCH',
      `the stored ${signed.data.xml_key} is not the XML InvoiceSigned describes (SHA-256 differs)`,
    );
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
