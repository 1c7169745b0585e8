import { randomUUID } from 'node:crypto';
import {
  automaticTacitRequester,
  type InvoiceEvent,
  type RadianEventAnswer,
  type RadianEventRegistration,
  type RadianEventRequest,
} from '@fe/contracts';
import {
  invoiceStream,
  loadState,
  newInvoiceEvent,
  runReaction,
  type Clock,
  type EventStore,
  type InvoiceState,
} from '@fe/platform';
import type { IssueOutcome } from '../own-events/issue-own-event.ts';

/** The automatic 034 DIAN rejected: the schedule's request and its answer. */
export type RejectionRecord = [RadianEventRequest, RadianEventAnswer];

/** What a check appends to the invoice's stream: DIAN's events it lacked, and an automatic 034 DIAN rejected. */
export function createCheckRecorder({ store, clock }: { store: EventStore; clock: Clock }) {
  /**
   * The automatic 034 DIAN rejected, as a request by the schedule and its answer, so the stream shows why and the
   * next check offers it to the seller instead of sending it again.
   */
  function automaticRejection(issued: Extract<IssueOutcome, { kind: 'refused' }>): RejectionRecord {
    const at = clock.now().toISOString();
    const request_id = randomUUID();
    return [
      { request_id, code: '034', requested_by: automaticTacitRequester, requested_at: at },
      {
        request_id,
        code: '034',
        outcome: 'rejected',
        status_code: issued.statusCode,
        rules: issued.rules,
        answered_at: at,
      },
    ];
  }

  /** Appends what is new at the version loaded (runReaction); returns the state with it. */
  async function record(
    invoiceId: string,
    state: InvoiceState,
    registrations: readonly RadianEventRegistration[],
    rejection: RejectionRecord | undefined,
  ): Promise<InvoiceState> {
    if (registrations.length === 0 && !rejection) return state;
    const cause = state.accepted!;
    const meta = { tenantId: cause.tenant_id, invoiceId, correlationId: cause.correlation_id, causationId: cause.id };
    const events = registrations.map(
      (data) => newInvoiceEvent('InvoiceRadianEventRegistered', data, meta, clock) as InvoiceEvent,
    );
    if (rejection) {
      const [request, answer] = rejection;
      events.push(newInvoiceEvent('InvoiceRadianEventRequested', request, meta, clock) as InvoiceEvent);
      events.push(newInvoiceEvent('InvoiceRadianEventAnswered', answer, meta, clock) as InvoiceEvent);
    }
    const newIn = (s: InvoiceState) => registrations.filter((r) => !s.radianEvents.some((e) => e.data.cude === r.cude));
    // A racing check recorded the rejection: once is enough (DIAN's events it lacks come with the next check).
    const rejectionNew = (s: InvoiceState) => rejection !== undefined && !s.automaticTacitRejected;
    const lostRejection = (s: InvoiceState) => rejection !== undefined && s.automaticTacitRejected;
    await runReaction({
      store,
      stream: invoiceId,
      fold: invoiceStream,
      decide: (s) => (newIn(s).length || rejectionNew(s) ? { action: 'record' as const } : { action: 'none' as const }),
      act: async () => ({
        events,
        // Another writer (a note, a mail) moved the stream: still facts, unless a racing check recorded them all.
        onConflict: (reloaded) =>
          !lostRejection(reloaded) && (newIn(reloaded).length || rejectionNew(reloaded)) ? 'append_again' : 'lost_race',
      }),
    });
    return (await loadState(store, invoiceId, invoiceStream)).state;
  }
  return { automaticRejection, record };
}
