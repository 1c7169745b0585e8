import { z } from 'zod';
import { envelopeSchema } from '../events/envelope.ts';
import { blobKey, sha256Hex } from '../events/shared.ts';
import { invoiceRenderedV1, type InvoiceRenderedV1 } from '../events/invoice-rendered.v1.ts';

/**
 * The worked example of the versioning rule (docs/events.md, "Versioning"): a breaking change as a new version.
 * Not published; its test runs the three pieces a real v2 needs.
 */
const invoiceRenderedV2Data = z.object({
  pdf: z.object({ key: blobKey, sha256: sha256Hex, pages: z.number().int().positive() }),
  pdf_a: z.boolean().describe('True when the PDF is PDF/A-3 (archival)'),
});

export const invoiceRenderedV2 = envelopeSchema('InvoiceRendered', 2, invoiceRenderedV2Data);
export type InvoiceRenderedV2 = z.infer<typeof invoiceRenderedV2>;

/**
 * The upcaster: how a reader of v2 reads the v1 events already stored (the store keeps them as
 * written, for ever). What v1 did not say takes the value that was true then (every v1 PDF is plain).
 */
export function upcastInvoiceRenderedV1(v1: InvoiceRenderedV1): InvoiceRenderedV2 {
  const { data, ...envelope } = v1;
  return {
    ...envelope,
    version: 2,
    data: { pdf: { key: data.pdf_key, sha256: data.pdf_sha256, pages: data.pages }, pdf_a: false },
  };
}

/**
 * The downcaster the relay would publish for v1 consumers while they remain, so they keep working unchanged. Lossy
 * by design: a v1 consumer never knew about PDF/A.
 */
export function downcastInvoiceRenderedV2(v2: InvoiceRenderedV2): InvoiceRenderedV1 {
  const { data, ...envelope } = v2;
  return {
    ...envelope,
    version: 1,
    data: { pdf_key: data.pdf.key, pdf_sha256: data.pdf.sha256, pages: data.pdf.pages },
  };
}

/** A v2 reader's one entry point: a stored or delivered InvoiceRendered of either version, as v2. */
export function readInvoiceRenderedAsV2(envelope: unknown): InvoiceRenderedV2 {
  const v2 = invoiceRenderedV2.safeParse(envelope);
  return v2.success ? v2.data : upcastInvoiceRenderedV1(invoiceRenderedV1.parse(envelope));
}
