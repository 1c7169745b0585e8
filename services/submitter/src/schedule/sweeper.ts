import { randomUUID } from 'node:crypto';
import type { Clock, Logger } from '@fe/platform';
import type { Release, TenantSlots } from '../concurrency/tenant-slots.ts';
import type { Held } from './held-schedule.ts';
import type { ScheduleClaim } from './submission-schedule.ts';

/** A due row as a sweeper sees it: whose, and a send marker when its schedule keeps one. */
type SweptRow = { invoiceId: string; tenantId: string; sendingAttempt?: number | undefined };

/**
 * What a sweeper needs of a schedule (the submission schedule, the event checks): claimed due rows, a claim given
 * back, and a row moved later by its holder.
 */
type SweptSchedule = {
  due(now: Date, limit: number, claim: ScheduleClaim): Promise<SweptRow[]>;
  release(invoiceId: string, owner: string): Promise<void>;
  defer(invoiceId: string, tenantId: string, dueAt: Date, holder: string): Promise<boolean>;
  nothingDueAt(now: Date): boolean;
};

export type SweeperOptions = {
  schedule: SweptSchedule;
  /** What a row's run is, for the logs: 'submission' (default), 'event check'. */
  work?: string;
  slots: TenantSlots;
  /** The handler's run under this sweeper's claim (`held`): it records the outcome and rewrites or removes the row. */
  run(invoiceId: string, tenantId: string, slot: Release, held: Held): Promise<unknown>;
  /** A run for the invoice is under way elsewhere (a reaction): it will rewrite the row itself. */
  isRunning(invoiceId: string): boolean;
  clock: Clock;
  logger: Logger;
  /** How often due rows are looked for (ms). */
  intervalMs: number;
  /** Rows read per look. */
  batch: number;
  /** How long a row this sweeper took stays away from other instances' sweepers if its run writes nothing (ms). */
  claimLeaseMs: number;
  /** Delay before a row whose run threw is tried again (ms), by how many times it threw in a row. */
  errorDelayMs(failures: number): number;
};

export type Sweeper = {
  /** Looks for due rows soon (a slot was freed, work was deferred). */
  nudge(): void;
  /** Stops looking; resolves when the runs it started have finished. */
  stop(): Promise<void>;
};

/**
 * Runs the schedule's due rows on a timer and whenever a tenant slot frees. It takes the tenant slot itself, so
 * the cap holds across the reaction and the sweeper; a run that throws keeps its row, moved later. A nudge reads
 * nothing while the schedule knows none of its rows can be due; the timer's sweeps always read.
 */
export function startSweeper(options: SweeperOptions): Sweeper {
  const { schedule, slots, clock, logger } = options;
  const work = options.work ?? 'submission';
  const running = new Map<string, Promise<void>>();
  const sweeper = `sweeper-${randomUUID()}`;
  let sweeps = 0;
  const failures = new Map<string, number>();
  let stopped = false;
  let pending: NodeJS.Immediate | undefined;
  /** The sweep reading the schedule now; another waits for it, so two never read the same rows. */
  let sweeping: Promise<void> | undefined;
  /** Asked during a sweep: another follows it, a full one when the timer asked. */
  let again: 'nudged' | 'full' | undefined;

  function sweep(kind: 'nudged' | 'full'): void {
    pending = undefined;
    if (stopped) return;
    if (sweeping) {
      if (again !== 'full') again = kind;
      return;
    }
    sweeping = sweepOnce(kind).finally(() => {
      sweeping = undefined;
      const next = again;
      again = undefined;
      if (next) sweep(next);
    });
  }

  async function sweepOnce(kind: 'nudged' | 'full'): Promise<void> {
    let rows;
    const now = clock.now();
    if (kind === 'nudged' && schedule.nothingDueAt(now)) return;
    const owner = `${sweeper}-${++sweeps}`; // each claim its own fencing token
    try {
      rows = await schedule.due(now, options.batch, { owner, until: new Date(now.getTime() + options.claimLeaseMs) });
    } catch (error) {
      logger.error({ err: error }, `could not read the ${work} schedule`);
      return;
    }
    const notRun = new Set(rows.map((row) => row.invoiceId));
    try {
      await runClaimed(rows, notRun, owner);
    } finally {
      // Left to the next sweep of any instance; a release that fails only waits for the claim to end.
      await Promise.all([...notRun].map((invoiceId) => schedule.release(invoiceId, owner).catch(() => undefined)));
    }
  }

  async function runClaimed(rows: SweptRow[], notRun: Set<string>, owner: string): Promise<void> {
    if (stopped) return; // stop() came while the schedule was being read: start nothing
    // A tenant found at its cap is not asked again in this sweep: with DIAN slow, every due row of it asked the
    // shared slot table anew (89 lock attempts per invoice), and a release nudges the next sweep anyway.
    const atCap = new Set<string>();
    for (const row of rows) {
      // Not even a slot for an invoice already being worked on: releasing it would nudge this sweep again at once.
      if (running.has(row.invoiceId) || options.isRunning(row.invoiceId) || atCap.has(row.tenantId)) continue;
      let slot;
      try {
        slot = await slots.tryAcquire(row.tenantId);
      } catch (error) {
        // A shared slot table that does not answer: no call without a slot; the next sweep tries again.
        logger.error({ err: error, tenant_id: row.tenantId }, 'could not take a DIAN call slot');
        return;
      }
      if (!slot) {
        atCap.add(row.tenantId); // a release (or the interval) starts the next sweep
        continue;
      }
      if (stopped) {
        slot();
        return;
      }
      notRun.delete(row.invoiceId);
      const done = options
        .run(row.invoiceId, row.tenantId, slot, { holder: owner, sendingAttempt: row.sendingAttempt })
        .then(
          () => {
            failures.delete(row.invoiceId);
          },
          (error: unknown) => {
            const count = (failures.get(row.invoiceId) ?? 0) + 1;
            failures.set(row.invoiceId, count);
            const due = new Date(clock.now().getTime() + options.errorDelayMs(count));
            logger.warn(
              {
                err: error,
                invoice_id: row.invoiceId,
                tenant_id: row.tenantId,
                failures: count,
                due_at: due.toISOString(),
              },
              `scheduled ${work} run failed; it will be tried again`,
            );
            if (stopped) return undefined;
            // The row is moved later; if even that fails, it stays due and the next sweep tries the run again.
            return schedule.defer(row.invoiceId, row.tenantId, due, owner).then(
              () => undefined,
              (deferError: unknown) => {
                logger.error(
                  { err: deferError, invoice_id: row.invoiceId },
                  `could not move the ${work} schedule row later`,
                );
              },
            );
          },
        )
        .finally(() => running.delete(row.invoiceId));
      running.set(row.invoiceId, done);
    }
  }

  const timer = setInterval(() => sweep('full'), options.intervalMs);
  timer.unref();
  return {
    nudge() {
      if (!stopped && !pending) pending = setImmediate(() => sweep('nudged'));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (pending) clearImmediate(pending);
      await sweeping;
      await Promise.all(running.values());
    },
  };
}
