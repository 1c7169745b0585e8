import type { RadianAsk, RadianRequestEntry } from '@fe/invoice-status';

/**
 * What the seller asks from the invoice page: its 034, 036 or 037 with the título valor's terms (docs/radian.md, "The
 * seller's requests").
 */
export type PortalRadianAsk = RadianAsk;

/**
 * The seller's RADIAN events from the invoice page: the composition root records the request (requestRadianEvent of
 * @fe/invoice-status) and waits for the submitter's answer; undefined when it did not come within the wait. `today` is
 * the Colombian date RADIAN's deadlines are counted in (the submitter's).
 */
export type PortalRadianEvents = {
  today(): string;
  request(
    invoiceId: string,
    tenantId: string,
    ask: PortalRadianAsk,
    requestedBy: string,
  ): Promise<{
    /** The terms' error code (TITLE_VALUE_CASH_INVOICE, VALIDATION_ERROR): nothing was recorded. */
    invalid?: string;
    /** The submitter's answer; absent when it did not come within the wait. */
    answer?: RadianRequestEntry['answer'];
  }>;
};
