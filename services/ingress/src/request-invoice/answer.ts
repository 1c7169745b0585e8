import type { BlobStore } from '@fe/platform';
import { createResponseBody, invoiceLinks, type InvoiceStatusView } from '@fe/invoice-status';
import type { StoredResponse } from '../idempotency/idempotency-store.ts';

const statusCodes = { accepted: 201, pending: 202, rejected: 422 } as const;

/**
 * The create-invoice answer for a view (docs/api.md, "Answers"). Links are minted now: a file not stored yet
 * answers 404 FILE_NOT_READY until it is.
 */
export function answerWithLinks(
  blobs: BlobStore,
  linkTtlSeconds: number,
): (view: InvoiceStatusView) => Promise<StoredResponse> {
  return async (view) => ({
    statusCode: statusCodes[view.status],
    headers: { Location: `/api/v1/service/status/${view.cufe}` },
    body: createResponseBody(view, await invoiceLinks(blobs, view, linkTtlSeconds)),
  });
}
