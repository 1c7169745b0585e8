/** An operator's re-drive of a step that failed for good (`requestRedrive` of @fe/platform, filled by the root). */
export type RedriveInvoice = (
  invoiceId: string,
  requestedBy: string,
) => Promise<{ ok: true; step: string } | { ok: false; code: 'REDRIVE_FINAL' | 'REDRIVE_NOT_FAILED' }>;
