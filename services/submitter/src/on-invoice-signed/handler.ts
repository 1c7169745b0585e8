import { randomUUID } from 'node:crypto';
import {
  documentStream,
  lazyChild,
  loadState,
  metaCausedBy,
  runReaction,
  type BlobStore,
  type Clock,
  type DocumentState,
  type EventStore,
  type Logger,
  type ReactionStep,
} from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import type { Release, TenantSlots } from '../concurrency/tenant-slots.ts';
import type { FileCounter, GatewayCache } from '@fe/dian-client';
import { ClaimLostError, heldBy, type Held } from '../schedule/held-schedule.ts';
import type { SubmissionSchedule } from '../schedule/submission-schedule.ts';
import type { AnswerTrust } from './answer-trust.ts';
import { runAttempt } from './attempt.ts';
import { holdsBack, previousInvoiceStream } from './contingency.ts';
import { decide, policyAfterRedrive, type Decision } from './decide.ts';
import { serviceFailure } from './failure-reasons.ts';
import { failed, type Recorded } from './outcomes.ts';
import { prepareAttempt } from './prepare-attempt.ts';
import { outcomeStep } from './record-outcome.ts';
import type { RetryPolicy } from './retry-policy.ts';

/**
 * What one run carries between deciding and acting: its result, its logger, its instant, the slot it holds, and the
 * schedule seen through the row's claim it holds (every write names it).
 */
type Turn = {
  result: RunResult;
  logger: Logger;
  now: Date;
  release: Release | undefined;
  schedule: SubmissionSchedule;
};

/** SubmitterPorts.testSetFor: the document's tenant and the Idempotency-Key it was requested with. */
export type TestSetLookup = (
  tenantId: string,
  document: { idempotencyKey: string | undefined },
) => Promise<string | undefined> | string | undefined;

export type SubmissionHandlerDeps = {
  store: EventStore;
  blobs: BlobStore;
  tenants: TenantDirectory;
  clock: Clock;
  logger: Logger;
  schedule: SubmissionSchedule;
  slots: TenantSlots;
  gateways: GatewayCache;
  endpoints: { habilitacion: string; production: string };
  /** The issuer's file counter: the zip's and the XML's names (docs/choices.md, "File names"). */
  fileCounter: FileCounter;
  policy: RetryPolicy;
  /**
   * How long a run's claim on the row lasts (ms), renewed by the send marker: client timeout + margin. A send is over
   * `sendDeadlineMs` after the instant taken before the marker is written, so it always ends inside the lease.
   */
  sendLeaseMs: number;
  /** The longest a send may last, from just before its marker is written (ms); below `sendLeaseMs`. */
  sendDeadlineMs: number;
  /** Jitter draws, ∈ [0, 1). */
  random: () => number;
  /** The TestSetId a document of a tenant's habilitación run goes with (SubmitterPorts.testSetFor). */
  testSetFor?: TestSetLookup;
  /** Whether DIAN's ApplicationResponse is DIAN's; absent: no anchor configured. */
  answerTrust?: AnswerTrust;
};

/** What one run did: for logs and tests. */
type RunResult = 'nothing-to-do' | 'waiting' | 'deferred' | 'busy' | 'recorded';

export type SubmissionHandler = {
  /**
   * Moves one invoice forward: loads its stream (the invoice id is the stream name), decides, and
   * when DIAN must be called takes a slot of the tenant (or the one the caller already holds),
   * makes the attempt and records it with the version it loaded. Safe to call any number of times
   * for the same invoice: one run per invoice at a time in this process, one across processes (the
   * run claims the schedule row first, or runs under `held`, the sweeper's claim), and decide() sees
   * what the previous runs recorded.
   */
  run(invoiceId: string, tenantId: string, slot?: Release, held?: Held): Promise<RunResult>;
  /** True while a run for the invoice is in progress in this process. */
  isRunning(invoiceId: string): boolean;
};

export function createSubmissionHandler(deps: SubmissionHandlerDeps): SubmissionHandler {
  const { store, clock, schedule, slots, policy } = deps;
  const running = new Set<string>();

  async function run(invoiceId: string, tenantId: string, slot?: Release, held?: Held): Promise<RunResult> {
    if (running.has(invoiceId)) {
      slot?.();
      if (held) await schedule.release(invoiceId, held.holder).catch(() => undefined);
      return 'busy'; // the run in progress records the outcome and keeps the schedule
    }
    running.add(invoiceId);
    const turn: Turn = { result: 'recorded', logger: deps.logger, now: clock.now(), release: slot, schedule };
    let claim = held;
    try {
      // The claim comes before the stream is read: what this run decides, no other run decides meanwhile.
      claim ??= await take(invoiceId, tenantId, turn.now);
      if (!claim) {
        turn.logger.debug({ invoice_id: invoiceId }, 'another run holds the invoice; it records the outcome');
        return 'busy';
      }
      turn.schedule = heldBy(schedule, claim.holder);
      const journal = { sendingAttempt: claim.sendingAttempt };
      const run = await runReaction({
        store,
        stream: invoiceId,
        fold: documentStream,
        decide: (state) => decide(state, (turn.now = clock.now()), policy, journal),
        // Every decision has its work, if only on the schedule.
        isNone: () => false,
        act: (decision, state) => advance(invoiceId, tenantId, decision, state, turn),
      });
      if (run.outcome === 'lost_race') {
        turn.logger.warn(
          { expected: String(run.expected), found: String(run.found) },
          'another writer recorded the verdict first; this outcome is dropped',
        );
        await turn.schedule.remove(invoiceId);
      }
      return turn.result;
    } catch (error) {
      if (!(error instanceof ClaimLostError)) {
        // A reaction's own claim is given back (the redelivery runs again); the sweeper moves its row later itself.
        if (claim && !held) await schedule.release(invoiceId, claim.holder).catch(() => undefined);
        throw error;
      }
      turn.logger.warn({ invoice_id: invoiceId }, 'another run took the invoice before this one sent; nothing sent');
      return 'busy';
    } finally {
      turn.release?.();
      running.delete(invoiceId);
    }
  }

  /** The invoice's row claimed for this run (created when missing), or undefined: another run holds it. */
  async function take(invoiceId: string, tenantId: string, now: Date): Promise<Held | undefined> {
    const holder = `run-${randomUUID()}`;
    const until = new Date(now.getTime() + deps.sendLeaseMs);
    const row = await schedule.acquire(invoiceId, tenantId, now, { owner: holder, until });
    return row && { holder, sendingAttempt: row.sendingAttempt };
  }

  /**
   * One decision's work: the schedule for nothing or a wait, else an attempt (or giving up) and its outcome to record.
   */
  async function advance(
    invoiceId: string,
    tenantId: string,
    decision: Decision,
    state: DocumentState,
    turn: Turn,
  ): Promise<ReactionStep<DocumentState> | undefined> {
    const { now } = turn;
    const policy = policyAfterRedrive(deps.policy, state);
    const logger = (turn.logger = lazyChild(deps.logger, {
      invoice_id: invoiceId,
      tenant_id: tenantId,
      decision: decision.kind,
    }));
    logger.debug(
      decision.kind === 'none'
        ? { why: decision.why }
        : decision.kind === 'wait'
          ? { until: decision.until.toISOString() }
          : { attempt: decision.attempt },
      'decided',
    );
    if (decision.kind === 'none') {
      await turn.schedule.remove(invoiceId);
      turn.result = 'nothing-to-do';
      return undefined;
    }
    if (decision.kind === 'wait') {
      await turn.schedule.schedule(invoiceId, tenantId, decision.until);
      turn.result = 'waiting';
      return undefined;
    }
    if (decision.kind !== 'give-up' && (await waitsForPrevious(state))) {
      // In order (docs/contingency.md): looked at again after the contingency delay, once the previous is judged.
      const until = new Date(now.getTime() + (policy.contingencyMaxDelayMs ?? policy.maxDelayMs));
      logger.info({ until: until.toISOString() }, 'a contingency invoice waits for the previous number');
      await turn.schedule.schedule(invoiceId, tenantId, until);
      turn.result = 'waiting';
      return undefined;
    }
    const meta = metaCausedBy(state.submission.cause!); // decide only acts on a signed invoice
    let outcome: Recorded;
    if (decision.kind === 'give-up') {
      const draft = failed(serviceFailure('ATTEMPTS_EXHAUSTED', { outcomeUnknown: decision.outcomeUnknown }), {
        attempt: decision.attempt,
        now,
        policy,
        random: 0,
      });
      outcome = { kind: 'record', events: [draft] };
    } else {
      turn.release ??= await slots.tryAcquire(tenantId);
      if (!turn.release) {
        // The tenant is at its cap: leave the work to the sweeper rather than hold the partition.
        await turn.schedule.defer(invoiceId, tenantId, now);
        turn.result = 'deferred';
        return undefined;
      }
      try {
        outcome = await attempt(invoiceId, decision, state, logger, turn.schedule, policy);
      } finally {
        // The cap counts calls to DIAN: the slot is free once DIAN has answered (or not), before
        // the outcome's blob and event are written (two fsyncs the next call need not wait for).
        // This invoice stays guarded by `running` until its outcome is recorded.
        turn.release();
        turn.release = undefined;
      }
    }
    return outcomeStep({ ...deps, logger, schedule: turn.schedule }, { invoiceId, tenantId, meta, outcome });
  }

  /** A contingency invoice whose previous number is a contingency invoice DIAN has not judged yet. */
  async function waitsForPrevious(state: DocumentState): Promise<boolean> {
    const previous = previousInvoiceStream(state);
    return previous !== undefined && holdsBack((await loadState(store, previous, documentStream)).state);
  }

  async function attempt(
    invoiceId: string,
    decision: Extract<Decision, { kind: 'send' | 'reconcile' }>,
    state: DocumentState,
    logger: Logger,
    held: SubmissionSchedule,
    policy: RetryPolicy,
  ): Promise<Recorded> {
    const context = {
      invoiceId,
      attempt: decision.attempt,
      now: clock.now(),
      policy,
      random: deps.random(),
      reconciling: decision.kind === 'reconcile',
    };
    const prepared = await prepareAttempt(deps, state, context);
    if (prepared.kind === 'record') return prepared;
    logger.info(
      { attempt: decision.attempt, endpoint: prepared.endpoint },
      decision.kind === 'send' ? 'sending to DIAN' : 'reconciling with DIAN (GetStatus)',
    );
    const { tenantId } = prepared;
    // Only habilitación documents count toward a test set; a production tenant's never go that way.
    const testSetId =
      prepared.environment === '2'
        ? await deps.testSetFor?.(tenantId, { idempotencyKey: idempotencyKeyOf(state) })
        : undefined;
    return runAttempt({
      step: decision.kind,
      gateway: prepared.gateway,
      zip: prepared.zip,
      trackId: prepared.trackId,
      context: () => ({
        attempt: decision.attempt,
        trackId: prepared.trackId,
        endpoint: prepared.endpoint,
        files: prepared.files,
        now: clock.now(),
        applicationResponseKey: prepared.applicationResponseKey,
        policy,
        random: deps.random(),
        answerTrust: deps.answerTrust,
        ...(testSetId ? { operation: 'SendTestSetAsync' as const } : {}),
      }),
      // Compare-and-set on the run's claim, the instant taken first: the send ends before the lease can lapse.
      beforeSend: async () => {
        const started = performance.now();
        const leaseUntil = new Date(clock.now().getTime() + deps.sendLeaseMs);
        if (!(await held.markSending(invoiceId, tenantId, decision.attempt, leaseUntil)))
          throw new ClaimLostError(invoiceId);
        return { deadline: started + deps.sendDeadlineMs };
      },
      ...(testSetId ? { testSetId } : {}),
    });
  }

  return { run, isRunning: (invoiceId) => running.has(invoiceId) };
}

/** The Idempotency-Key the invoice was requested with (a habilitación run's documents carry the run's). */
function idempotencyKeyOf(state: DocumentState): string | undefined {
  return state.requested?.type === 'InvoiceRequested' ? state.requested.data.idempotency_key : undefined;
}
