/**
 * The seller's tacit acceptance (RADIAN 034) from the invoice page (docs/radian.md, "Tacit acceptance"): the
 * submitter issues it (the composition root fills `request` with its `requestTacitAcceptance`); `today` is the
 * Colombian date RADIAN's deadlines are counted in (the submitter's).
 */
export type PortalTacitAcceptances = {
  today(): string;
  request(
    invoiceId: string,
    tenantId: string,
  ): Promise<
    | { kind: 'issued' | 'already' }
    | { kind: 'refused'; refusal: { code: 'GOODS_NOT_RECEIVED' | 'TOO_EARLY' | 'BUYER_ANSWERED' } }
    | { kind: 'not-accepted' }
    | { kind: 'rejected' }
    | { kind: 'unavailable' }
  >;
};
