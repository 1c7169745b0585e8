import type { UntransmittedInvoice } from '@fe/invoice-status';

/**
 * A tenant's contingency invoices (type 04) DIAN has not taken yet (docs/contingency.md, "The deadline"), for the
 * banner and the mail before their window ends.
 */
export type ContingencyQueue = {
  /** Earliest deadline first; empty when none is pending. */
  untransmitted(tenantId: string): Promise<UntransmittedInvoice[]>;
  /** CONTINGENCY_ALARM_HOURS: how long before the earliest deadline the mail goes. */
  alarmHours: number;
};
