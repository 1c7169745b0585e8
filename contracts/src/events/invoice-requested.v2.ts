import type { z } from 'zod';
import { invoiceRequestV2Schema } from '../api/invoice-request.ts';
import { envelopeSchema } from './envelope.ts';
import { invoiceContingencyFields } from './invoice-requested-shared.ts';
import { invoiceRequestedV1Data, type InvoiceRequestedV1 } from './invoice-requested.v1.ts';

/**
 * Ingress accepted a request and numbered it (written until the request took v3's fields; now InvoiceRequested.v3,
 * which reads every v2 through upcastInvoiceRequestedV2). It holds everything a pure rebuild needs, so a replay
 * reproduces byte-identical documents, even after an upgrade. v2: a line's taxes may be ICA, ICUI, INC bolsas and
 * IBUA beside IVA and INC (docs/events.md, "Versioning"), which a v1 reader's closed enum refuses; and a contingency
 * invoice says its type (docs/contingency.md).
 */
export const invoiceRequestedV2Data = invoiceRequestedV1Data.extend({
  request: invoiceRequestV2Schema,
  ...invoiceContingencyFields,
});

export const invoiceRequestedV2 = envelopeSchema('InvoiceRequested', 2, invoiceRequestedV2Data).meta({
  id: 'InvoiceRequested.v2',
});
export type InvoiceRequestedV2 = z.infer<typeof invoiceRequestedV2>;

/**
 * The upcaster: a stored v1 read as v2. Its request is already a valid v2 request (v2 only widened the taxes), so
 * only the version changes; the store keeps the v1 as written.
 */
export function upcastInvoiceRequestedV1(v1: InvoiceRequestedV1): InvoiceRequestedV2 {
  return { ...v1, version: 2 };
}
