import type { z } from 'zod';
import { invoiceRequestSchema } from '../api/invoice-request.ts';
import { invoiceRequestedV1 } from './invoice-requested.v1.ts';
import {
  invoiceRequestedV2,
  invoiceRequestedV2Data,
  upcastInvoiceRequestedV1,
  type InvoiceRequestedV2,
} from './invoice-requested.v2.ts';
import { envelopeSchema } from './envelope.ts';

/**
 * Ingress accepted a request and numbered it. v3: the request took fields the closed v2 schema refuses (docs/events.md,
 * "Versioning"); every one is optional, so a v2 request is a valid v3 request with the same meaning.
 */
export const invoiceRequestedV3Data = invoiceRequestedV2Data.extend({
  request: invoiceRequestSchema,
});

export const invoiceRequestedV3 = envelopeSchema('InvoiceRequested', 3, invoiceRequestedV3Data).meta({
  id: 'InvoiceRequested.v3',
});
export type InvoiceRequestedV3 = z.infer<typeof invoiceRequestedV3>;

/** The upcaster: a stored v2 read as v3. Only the version changes; the store keeps the v2 as written. */
export function upcastInvoiceRequestedV2(v2: InvoiceRequestedV2): InvoiceRequestedV3 {
  return { ...v2, version: 3 };
}

/** A stored or delivered v2, parsed and read as v3: how invoiceEventSchema reads it. */
export const invoiceRequestedV2AsV3 = invoiceRequestedV2.transform(upcastInvoiceRequestedV2);

/** A stored or delivered v1, read as v3 through v2. */
export const invoiceRequestedV1AsV3 = invoiceRequestedV1.transform((v1) =>
  upcastInvoiceRequestedV2(upcastInvoiceRequestedV1(v1)),
);
