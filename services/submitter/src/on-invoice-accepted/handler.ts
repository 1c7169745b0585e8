import type { InvoiceAcceptedV1 } from '@fe/contracts';
import { invoiceStream, runReaction, type Clock, type EventStore, type Logger } from '@fe/platform';
import type { EventCheckSchedule } from '../event-checks/event-check-schedule.ts';
import { decideFollow } from './decide.ts';

export type FollowDeps = { store: EventStore; checks: EventCheckSchedule; clock: Clock; logger: Logger };

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
        const created = await deps.checks.follow(invoiceId, event.tenant_id, decision.firstCheckAt);
        if (created)
          deps.logger.debug(
            { invoice_id: invoiceId, first_check_at: decision.firstCheckAt.toISOString() },
            'following the invoice at RADIAN',
          );
        return undefined;
      },
    });
  };
}
