import { createHash } from 'node:crypto';
import type { InvoiceRequestedV1, InvoiceSignedV1 } from '@fe/contracts';
import type { BlobStore } from '@fe/platform';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import { readInvoiceView } from '../invoice-view/read-invoice-view.ts';
import { RenderingReactionError } from './errors.ts';

/**
 * The PDF's data, read from the signed XML exactly as InvoiceSigned recorded it: the PDF must
 * show what was signed and sent to DIAN, so a blob whose digest differs is refused, not drawn.
 *
 * The DIAN lookup URL and the QR follow the XML's ProfileExecutionID (readInvoiceView has no
 * environment option); it must equal the environment ingress recorded, as must the CUFE.
 */
export async function signedInvoiceView(
  blobs: BlobStore,
  requested: InvoiceRequestedV1,
  signed: InvoiceSignedV1,
  options: { validatedAt: string | undefined; softwareProviderName: string | undefined },
): Promise<InvoiceView> {
  const { bytes } = await blobs.get(signed.data.xml_key);
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== signed.data.xml_sha256) throw new RenderingReactionError('XML_DIGEST_MISMATCH', signed.data.xml_key);

  const view = readInvoiceView(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), {
    ...(options.validatedAt !== undefined ? { validatedAt: options.validatedAt } : {}),
    ...(options.softwareProviderName !== undefined ? { softwareProviderName: options.softwareProviderName } : {}),
  });
  if (view.cufe !== requested.data.cufe) throw new RenderingReactionError('XML_MISMATCH', 'cbc:UUID differs from the recorded cufe');
  if (view.environment !== requested.data.environment) {
    throw new RenderingReactionError('XML_MISMATCH', `ProfileExecutionID ${view.environment}, recorded environment ${requested.data.environment}`);
  }
  return view;
}
