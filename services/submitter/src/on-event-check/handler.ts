import { randomUUID } from 'node:crypto';
import type { RadianEventRegistration } from '@fe/contracts';
import { isDianClientError, type GatewayCache, type FileCounter } from '@fe/dian-client';
import type { RegisteredEventEntry } from '@fe/dian-xml';
import {
  invoiceStream,
  lazyChild,
  loadState,
  type BlobStore,
  type Clock,
  type EventStore,
  type InvoiceState,
  type Logger,
} from '@fe/platform';
import { tacitAcceptanceOf, type TenantDirectory } from '@fe/tenancy';
import { isXadesError } from '@fe/xades';
import type { Release, TenantSlots } from '../concurrency/tenant-slots.ts';
import type { EventCheckSchedule } from '../event-checks/event-check-schedule.ts';
import type { AnswerTrust } from '../on-invoice-signed/answer-trust.ts';
import type { Held } from '../schedule/held-schedule.ts';
import { withPeople } from './people.ts';
import { createCheckRecorder } from './record-check.ts';
import { decideEventCheck, type EventCheck, type EventCheckDecision, type TacitRefusal } from './decide.ts';
import { issueOwnEvent, type IssueOutcome } from '../own-events/issue-own-event.ts';
import { tacitAcceptanceContent } from '../own-events/own-event-content.ts';

export type EventCheckDeps = {
  store: EventStore;
  blobs: BlobStore;
  tenants: TenantDirectory;
  clock: Clock;
  logger: Logger;
  checks: EventCheckSchedule;
  slots: TenantSlots;
  gateways: GatewayCache;
  endpoints: { habilitacion: string; production: string };
  fileCounter: FileCounter;
  /** Today's Colombian date, which RADIAN's deadlines are counted in (SubmitterPorts.radianToday). */
  today: () => string;
  /** How long a run's claim on the row lasts (ms): a DIAN call or two, with margin. */
  claimLeaseMs: number;
  /** The longest wait between two checks (ms); undefined: nextEventCheck's cadence alone. */
  maxIntervalMs: number | undefined;
  /** When to look again after a 034 whose outcome is unknown (ms). */
  retryAfterMs: number;
  answerTrust?: AnswerTrust | undefined;
};

/** What the seller's request for its tacit acceptance came to (the API and the portal answer it). */
export type TacitAcceptanceOutcome =
  | { kind: 'issued' | 'already'; registration: RadianEventRegistration }
  | { kind: 'refused'; refusal: TacitRefusal }
  | { kind: 'not-accepted' }
  | { kind: 'rejected'; statusCode: string; rules: { rule: string; message: string }[] }
  /** DIAN did not answer, the tenant's DIAN calls are all taken, or another run holds the invoice: try again. */
  | { kind: 'unavailable'; reason: string };

type RunResult = 'busy' | 'deferred' | 'stopped' | 'checked';

export type EventCheckHandler = {
  /**
   * One check of the invoice's RADIAN events (the sweeper's due row, under its claim and slot): ask DIAN, record what
   * is new, issue the 034 when the tenant's setting says so, schedule the next check. Throws what should be tried
   * again later (DIAN unreachable): the sweeper moves the row.
   */
  run(invoiceId: string, tenantId: string, slot?: Release, held?: Held): Promise<RunResult>;
  /** The seller asks for its 034 now: the same check, with the request, answered. */
  requestTacitAcceptance(invoiceId: string, tenantId: string): Promise<TacitAcceptanceOutcome>;
  isRunning(invoiceId: string): boolean;
};

type Run = {
  invoiceId: string;
  tenantId: string;
  requested: boolean;
  slot: Release | undefined;
  held: Held | undefined;
  logger: Logger;
};

type Checked = { result: RunResult; outcome: TacitAcceptanceOutcome };

/** How long a request waits for another instance's check of the invoice: 20 tries, 250 ms apart. */
const REQUEST_CLAIM_TRIES = 20;
const REQUEST_CLAIM_WAIT_MS = 250;

/** docs/radian.md, "Following an invoice's events". */
export function createEventCheckHandler(deps: EventCheckDeps): EventCheckHandler {
  const { store, clock, checks } = deps;
  const { automaticRejection, record } = createCheckRecorder({ store, clock });
  /** The checks in progress in this process, by invoice: a request waits for one, a sweep leaves the row to it. */
  const running = new Map<string, Promise<unknown>>();

  /** A check under this process's guard: one per invoice at a time. */
  async function check(run: Run): Promise<Checked> {
    // The seller asking while a scheduled check runs waits for it, then asks DIAN itself.
    if (run.requested) for (let ahead; (ahead = running.get(run.invoiceId));) await ahead.catch(() => undefined);
    if (running.has(run.invoiceId)) {
      void run.slot?.();
      if (run.held) await checks.release(run.invoiceId, run.held.holder).catch(() => undefined);
      return { result: 'busy', outcome: { kind: 'unavailable', reason: 'another check of the invoice is under way' } };
    }
    const done = guarded(run);
    running.set(run.invoiceId, done);
    try {
      return await done;
    } finally {
      running.delete(run.invoiceId);
    }
  }

  async function guarded(run: Run): Promise<Checked> {
    const { invoiceId, tenantId } = run;
    let release = run.slot;
    let holder = run.held?.holder;
    try {
      if (!holder) {
        holder = await claim(invoiceId, tenantId, run.requested);
        if (!holder)
          return {
            result: 'busy',
            outcome: { kind: 'unavailable', reason: 'another check of the invoice is under way' },
          };
      }
      return await checkHeld(
        run,
        holder,
        () => release,
        (r) => (release = r),
      );
    } catch (error) {
      // The sweeper moves its own row later; a request's claim is given back, so the next check runs on time.
      if (holder && !run.held) await checks.release(invoiceId, holder).catch(() => undefined);
      throw error;
    } finally {
      void release?.();
    }
  }

  /**
   * The invoice's row claimed for this run (created when missing). Another instance's check holds it for a DIAN call
   * or two: a request tries again for a few seconds before it answers "unavailable".
   */
  async function claim(invoiceId: string, tenantId: string, patient: boolean): Promise<string | undefined> {
    const owner = `check-${randomUUID()}`;
    for (let tries = patient ? REQUEST_CLAIM_TRIES : 1; tries > 0; tries--) {
      const now = clock.now();
      const row = await checks.acquire(invoiceId, tenantId, now, {
        owner,
        until: new Date(now.getTime() + deps.claimLeaseMs),
      });
      if (row) return owner;
      if (tries > 1) await new Promise((resolve) => setTimeout(resolve, REQUEST_CLAIM_WAIT_MS));
    }
    return undefined;
  }

  async function checkHeld(
    run: Run,
    holder: string,
    slot: () => Release | undefined,
    setSlot: (release: Release | undefined) => void,
  ): Promise<Checked> {
    const { invoiceId, tenantId, logger } = run;
    const now = clock.now();
    const today = deps.today();
    const loaded = await loadState(store, invoiceId, invoiceStream);
    const profile = await deps.tenants.profile(tenantId);
    const mode = profile ? tacitAcceptanceOf(profile) : 'offer';
    const base: EventCheck = { now, today, listed: [], mode, requested: run.requested };
    // What the stream alone says: nothing to follow, or an answer DIAN can no longer change.
    const before = decideEventCheck(base, loaded.state);
    if (before.action === 'none') {
      await checks.remove(invoiceId, holder);
      return { result: 'stopped', outcome: { kind: 'not-accepted' } };
    }
    if (before.answer.final || (!run.requested && before.next === undefined)) {
      await checks.remove(invoiceId, holder);
      return { result: 'stopped', outcome: outcomeOf(before, undefined, loaded.state) };
    }
    if (!profile) {
      logger.warn({}, 'the tenant is not registered any more; its invoice is not followed');
      await checks.remove(invoiceId, holder);
      return { result: 'stopped', outcome: { kind: 'unavailable', reason: 'TENANT_UNKNOWN' } };
    }
    let credential;
    try {
      credential = await deps.tenants.credential(tenantId, now);
    } catch (error) {
      if (!isXadesError(error)) throw error;
      logger.warn({ code: error.code }, "the tenant's certificate cannot be used; the RADIAN check waits for the next");
    }
    if (!credential) {
      await reschedule(run, holder, before.next, now);
      return { result: 'stopped', outcome: { kind: 'unavailable', reason: 'CREDENTIAL_MISSING' } };
    }
    if (!slot()) setSlot(await deps.slots.tryAcquire(tenantId));
    if (!slot()) {
      // The tenant's DIAN calls are all taken: the sweeper runs the row when a slot frees.
      await checks.reschedule(invoiceId, tenantId, now, holder);
      return { result: 'deferred', outcome: { kind: 'unavailable', reason: 'DIAN_CALLS_BUSY' } };
    }
    const endpoint = profile.environment === '1' ? deps.endpoints.production : deps.endpoints.habilitacion;
    const gateway = deps.gateways.forTenant(tenantId, endpoint, credential);
    const cufe = loaded.state.requested!.data.cufe;
    const listing = await listEvents(() => gateway.getStatusEvent(cufe), run);
    if (!listing.ok) {
      // Only a request gets here (a scheduled check throws): the row keeps its due time, free for the next sweep.
      await checks.release(invoiceId, holder);
      return { result: 'checked', outcome: { kind: 'unavailable', reason: listing.reason } };
    }
    let decision = decideEventCheck({ ...base, listed: listing.events }, loaded.state);
    if (decision.action === 'none') throw new Error('unreachable: the stream was an accepted invoice a moment ago');
    for (const skipped of decision.skipped)
      logger.warn({ cude: skipped.cude, why: skipped.why }, "an event of DIAN's list is not recorded");
    // Who received or accepted: each new 030/032/033's own document names the person (people.ts).
    const documentOf = async (cude: string) => (await gateway.getXmlByDocumentKey(cude)).xml;
    const toRecord = await withPeople(decision.registrations, documentOf, logger);
    let issued: IssueOutcome | undefined;
    if (decision.tacit.kind === 'issue') {
      issued = await issueOwnEvent({
        code: '034',
        content: tacitAcceptanceContent(profile.tenant, loaded.state),
        tenant: profile.tenant,
        software: profile.software,
        environment: profile.environment,
        credential,
        gateway,
        state: loaded.state,
        issuedAt: clock.now(),
        blobs: deps.blobs,
        fileCounter: deps.fileCounter,
        answerTrust: deps.answerTrust,
      });
      // The 034's content is the service's own: one that cannot be built is a defect, not DIAN's answer.
      if (issued.kind === 'invalid')
        throw new Error(`the tacit acceptance cannot be built: ${issued.code} ${JSON.stringify(issued.details)}`);
      logger.info(
        { outcome: issued.kind, ...('rules' in issued ? { rules: issued.rules } : {}) },
        'tacit acceptance (034) sent',
      );
      if (issued.kind === 'registered') toRecord.push(issued.registration);
      if (issued.kind === 'registered-before') {
        // An earlier send got through: DIAN's list has it now.
        const again = await listEvents(() => gateway.getStatusEvent(cufe), run);
        if (again.ok) {
          decision = decideEventCheck({ ...base, listed: again.events, requested: false, mode: 'offer' }, loaded.state);
          if (decision.action === 'record')
            toRecord.splice(0, toRecord.length, ...(await withPeople(decision.registrations, documentOf, logger)));
        }
      }
    }
    void slot()?.(); // DIAN has answered: the slot is free before the events are written
    setSlot(undefined);
    const rejection = issued?.kind === 'refused' && !run.requested ? automaticRejection(issued) : undefined;
    const recorded = await record(invoiceId, loaded.state, toRecord, rejection);
    const after = decideEventCheck({ ...base, listed: [] }, recorded);
    if (after.action === 'record' && after.answer.final) await checks.remove(invoiceId, holder);
    else if (issued?.kind === 'unknown')
      await checks.reschedule(invoiceId, tenantId, new Date(clock.now().getTime() + deps.retryAfterMs), holder);
    else await reschedule(run, holder, decision.action === 'record' ? decision.next : undefined, now);
    logger.info(
      {
        recorded: toRecord.map((r) => r.code),
        answer: after.action === 'record' ? after.answer.answer : undefined,
      },
      'RADIAN events checked',
    );
    return { result: 'checked', outcome: outcomeOf(after, issued, recorded) };
  }

  async function reschedule(run: Run, holder: string, next: Date | undefined, now: Date): Promise<void> {
    if (next === undefined) {
      await checks.remove(run.invoiceId, holder);
      return;
    }
    const cap = deps.maxIntervalMs;
    const at = cap !== undefined && next.getTime() - now.getTime() > cap ? new Date(now.getTime() + cap) : next;
    await checks.reschedule(run.invoiceId, run.tenantId, at, holder);
  }

  /** GetStatusEvent's events; a DIAN that does not answer throws for the sweeper, or is "unavailable" to a request. */
  async function listEvents(
    ask: () => ReturnType<ReturnType<GatewayCache['forTenant']>['getStatusEvent']>,
    run: Run,
  ): Promise<{ ok: true; events: readonly RegisteredEventEntry[] } | { ok: false; reason: string }> {
    let answer;
    try {
      answer = await ask();
    } catch (error) {
      if (run.requested && isDianClientError(error)) return { ok: false, reason: error.code };
      throw error;
    }
    const untrusted =
      answer.applicationResponseXml === undefined ? undefined : deps.answerTrust?.(answer.applicationResponseXml);
    if (untrusted) {
      run.logger.warn({ detail: untrusted }, "GetStatusEvent's answer is not DIAN's; nothing of it is recorded");
      if (run.requested) return { ok: false, reason: 'APPLICATION_RESPONSE_UNTRUSTED' };
      throw new Error(`APPLICATION_RESPONSE_UNTRUSTED: ${untrusted}`);
    }
    if (answer.events === undefined) {
      run.logger.warn(
        { status_code: answer.statusCode },
        'GetStatusEvent answered without a readable list of events; taken as none',
      );
      return { ok: true, events: [] };
    }
    return { ok: true, events: answer.events };
  }

  const logged = (invoiceId: string, tenantId: string, trigger: string) =>
    lazyChild(deps.logger, { invoice_id: invoiceId, tenant_id: tenantId, trigger });

  return {
    async run(invoiceId, tenantId, slot, held) {
      const logger = logged(invoiceId, tenantId, 'schedule');
      return (await check({ invoiceId, tenantId, requested: false, slot, held, logger })).result;
    },
    async requestTacitAcceptance(invoiceId, tenantId) {
      const logger = logged(invoiceId, tenantId, 'request');
      return (await check({ invoiceId, tenantId, requested: true, slot: undefined, held: undefined, logger })).outcome;
    },
    isRunning: (invoiceId) => running.has(invoiceId),
  };
}

/** What a request learns from a check: the 034 recorded, why not, or DIAN's refusal. */
function outcomeOf(
  decision: EventCheckDecision,
  issued: IssueOutcome | undefined,
  state: InvoiceState,
): TacitAcceptanceOutcome {
  if (decision.action === 'none') return { kind: 'not-accepted' };
  const own = state.radianEvents.find((e) => e.data.code === '034');
  if (issued?.kind === 'registered') return { kind: 'issued', registration: issued.registration };
  if (decision.tacit.kind === 'done' && own) return { kind: issued ? 'issued' : 'already', registration: own.data };
  if (issued?.kind === 'refused') return { kind: 'rejected', statusCode: issued.statusCode, rules: issued.rules };
  if (issued?.kind === 'unknown' || issued?.kind === 'registered-before')
    return { kind: 'unavailable', reason: issued.kind === 'unknown' ? issued.reason : 'REGISTERED_BEFORE' };
  if (decision.tacit.kind === 'not-now') return { kind: 'refused', refusal: decision.tacit.refusal };
  return { kind: 'unavailable', reason: 'NOT_ISSUED' };
}
