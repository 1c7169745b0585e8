import type { InvoiceAcceptedV1 } from '@fe/contracts';
import { invoiceStream, runReaction, type Clock, type EventStore, type Logger } from '@fe/platform';
import type { EventCheckSchedule } from '../event-checks/event-check-schedule.ts';
import { decideFollow } from './decide.ts';

export type FollowDeps = {
  store: EventStore;
  checks: EventCheckSchedule;
  clock: Clock;
  logger: Logger;
  /** The longest wait before a check (ms; RADIAN_CHECK_MAX_INTERVAL_MS); undefined: the decision's. */
  maxIntervalMs: number | undefined;
};

/**
 * DIAN accepted a document: an invoice's RADIAN events are followed from now on (the first check, on the event-check
 * schedule). A redelivery finds the row there and moves nothing.
 */
export function onInvoiceAccepted(deps: FollowDeps): (event: InvoiceAcceptedV1) => Promise<void> {
  return async (event) => {
    const invoiceId = event.invoice_id!;
    await runReaction({
      store: deps.store,
      stream: invoiceId,
      fold: invoiceStream,
      decide: (state) => decideFollow({ event, now: deps.clock.now() }, state),
      act: async (decision) => {
        const cap = deps.maxIntervalMs === undefined ? undefined : deps.clock.now().getTime() + deps.maxIntervalMs;
        const at = cap !== undefined && cap < decision.firstCheckAt.getTime() ? new Date(cap) : decision.firstCheckAt;
        const created = await deps.checks.follow(invoiceId, event.tenant_id, at);
        if (created)
          deps.logger.debug(
            { invoice_id: invoiceId, first_check_at: at.toISOString() },
            'following the invoice at RADIAN',
          );
        return undefined;
      },
    });
  };
}
