import type { InvoiceStage, InvoiceStatus } from '@fe/contracts';

/** One invoice as the status endpoint shows it; folded from its events by `evolve`. */
export type InvoiceStatusView = {
  invoiceId: string;
  tenantId: string;
  cufe: string;
  number: string;
  issuedAt: string;
  status: InvoiceStatus;
  stage: InvoiceStage;
  createdAt: string;
  updatedAt: string;
  history: { status: InvoiceStatus; stage: InvoiceStage; at: string }[];
  xmlKey?: string;
  pdfKey?: string;
  trackId?: string;
  taxAuthority?: { status: string; statusCode: string; statusMessage: string; errors: { rule: string; message: string }[] };
  lastSubmissionFailure?: { reason: string; retriable: boolean; at: string };
  buyerNotifiedAt?: string;
  /** Position of the last event folded in: the projection's checkpoint for this row. */
  lastEventId: string;
};

/** Stages only move forward; accepted and rejected are final (decisions.md "States"). */
export const stageOrder: Record<InvoiceStage, number> = { requested: 0, signed: 1, rendered: 2, submitted: 3, accepted: 4, rejected: 4 };
