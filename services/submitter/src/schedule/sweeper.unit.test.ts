import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTenantSlots, type Release } from '../concurrency/tenant-slots.ts';
import { createRecordingLogger } from '@fe/platform/testing';
import { SqliteSubmissionSchedule } from './sqlite-submission-schedule.ts';
import { startSweeper, type Sweeper } from './sweeper.ts';

const clock = { now: () => new Date() };
const past = () => new Date(Date.now() - 1_000);
const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 3_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

let sweeper: Sweeper | undefined;
afterEach(async () => {
  await sweeper?.stop();
  sweeper = undefined;
});

describe('startSweeper', () => {
  it('asks for a slot of a tenant at its cap once per sweep, not once per due row', async () => {
    const schedule = new SqliteSubmissionSchedule(':memory:');
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) await schedule.schedule(id, 'a', past());
    await schedule.schedule('b1', 'b', past());
    const asked: string[] = [];
    const ran: string[] = [];
    sweeper = startSweeper({
      schedule,
      slots: { tryAcquire: async (tenantId) => void asked.push(tenantId), inUse: 0 },
      clock,
      logger: createRecordingLogger(),
      intervalMs: 10_000,
      batch: 10,
      claimLeaseMs: 60_000,
      errorDelayMs: () => 1_000,
      isRunning: () => false,
      run: async (id) => void ran.push(id),
    });
    sweeper.nudge();
    await until(() => asked.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.sort()).toEqual(['a', 'b']);
    expect(ran).toEqual([]);
  });

  it('runs due rows with a slot of their tenant, never past the cap, and picks the rest up when a slot frees', async () => {
    const schedule = new SqliteSubmissionSchedule(':memory:');
    for (const id of ['a1', 'a2', 'a3']) await schedule.schedule(id, 'a', past());
    await schedule.schedule('later', 'a', new Date(Date.now() + 60_000));
    const held: { id: string; release: () => void }[] = [];
    const ran: string[] = [];
    const slots = createTenantSlots(2, () => sweeper?.nudge());
    sweeper = startSweeper({
      schedule,
      slots,
      clock,
      logger: createRecordingLogger(),
      intervalMs: 10_000,
      batch: 10,
      claimLeaseMs: 60_000,
      errorDelayMs: () => 1_000,
      isRunning: () => false,
      run: (id, _tenant, slot: Release) => {
        ran.push(id);
        return new Promise<void>((resolve) =>
          held.push({
            id,
            release: () =>
              void schedule.remove(id).then(() => {
                slot();
                resolve();
              }),
          }),
        );
      },
    });
    sweeper.nudge();
    await until(() => ran.length === 2);
    expect(slots.available('a')).toBe(0);
    held.shift()!.release(); // a slot frees: the release nudges the sweeper
    await until(() => ran.length === 3);
    expect(ran).toEqual(['a1', 'a2', 'a3']);
    held.splice(0).forEach((h) => h.release());
    expect(await schedule.get('later')).toBeDefined(); // not due: untouched
  });

  it('two sweepers on one schedule (two instances) run each due row once; a row taken at the cap is left to the other', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sweepers-'));
    const schedules = [
      new SqliteSubmissionSchedule(join(dir, 's.db')),
      new SqliteSubmissionSchedule(join(dir, 's.db')),
    ];
    const ids = Array.from({ length: 30 }, (_, i) => `inv-${i}`);
    for (const id of ids) await schedules[0]!.schedule(id, 'demo', past());
    const ran: string[] = [];
    const started = schedules.map((schedule, index) =>
      startSweeper({
        // The first instance runs one row at a time: the rest of each batch it takes must reach the other.
        schedule,
        slots: createTenantSlots(index === 0 ? 1 : 3),
        clock,
        logger: createRecordingLogger(),
        intervalMs: 20,
        batch: 7,
        claimLeaseMs: 60_000,
        errorDelayMs: () => 1_000,
        isRunning: () => false,
        run: async (id, _tenant, slot) => {
          ran.push(id);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await schedule.remove(id);
          await slot();
        },
      }),
    );
    try {
      started.forEach((s) => s.nudge());
      await until(() => ran.length >= ids.length);
      await new Promise((resolve) => setTimeout(resolve, 100)); // a second run of a row would show by now
      expect([...ran].sort()).toEqual([...ids].sort());
    } finally {
      await Promise.all(started.map((s) => s.stop()));
      for (const schedule of schedules) await schedule.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a run that throws keeps its row, moved later with backoff; an invoice already running is skipped', async () => {
    const schedule = new SqliteSubmissionSchedule(':memory:');
    await schedule.markSending('boom', 't', 2, past());
    await schedule.schedule('busy', 't', past());
    const logger = createRecordingLogger();
    const ran: string[] = [];
    sweeper = startSweeper({
      schedule,
      slots: createTenantSlots(4),
      clock,
      logger,
      intervalMs: 10_000,
      batch: 10,
      claimLeaseMs: 60_000,
      errorDelayMs: (n) => n * 60_000,
      isRunning: (id) => id === 'busy',
      run: async (id, _tenant, slot) => {
        ran.push(id);
        slot();
        throw new Error('store unavailable');
      },
    });
    sweeper.nudge();
    await until(() => logger.entries.some((e) => e.level === 'warn'));
    expect(ran).toEqual(['boom']);
    await sweeper.stop(); // the failed run's row is moved before stop() resolves
    const row = (await schedule.get('boom'))!;
    expect(row.sendingAttempt).toBe(2); // the send marker survives: the next run still reconciles first
    expect(row.dueAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('with a schedule that answers late: one read at a time, and nothing started once stop() was called', async () => {
    const schedule = new SqliteSubmissionSchedule(':memory:');
    await schedule.schedule('late', 'a', past());
    let release: () => void = () => {};
    let reads = 0;
    const slowDue = async (...args: Parameters<typeof schedule.due>) => {
      reads++;
      await new Promise<void>((resolve) => (release = resolve));
      return schedule.due(...args);
    };
    const slow = new Proxy(schedule, {
      get: (target, property) =>
        property === 'due' ? slowDue : (Reflect.get(target, property) as (...args: unknown[]) => unknown).bind(target),
    });
    const ran: string[] = [];
    let now = Date.now();
    sweeper = startSweeper({
      schedule: slow,
      slots: createTenantSlots(1),
      clock: { now: () => new Date(now) },
      logger: createRecordingLogger(),
      intervalMs: 10_000,
      batch: 10,
      claimLeaseMs: 60_000,
      errorDelayMs: () => 1_000,
      isRunning: () => false,
      run: async (id, _tenant, slot) => void (ran.push(id), slot()),
    });
    sweeper.nudge();
    await until(() => reads === 1);
    // Falls due after the instant the first read looks at, before the second's: the reason for the nudge.
    await schedule.schedule('later', 'a', new Date((now += 10)));
    now += 10;
    sweeper.nudge(); // while the first read is under way: waits for it instead of reading beside it
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(1);
    release();
    await until(() => reads === 2); // the nudge that waited reads again once the first sweep is done
    const stopping = sweeper.stop();
    release();
    await stopping;
    expect(ran).toEqual(['late']); // the first sweep's run; the second read came back after stop()
  });

  it('reads nothing when nudged while none of its rows can be due; its interval still reads', async () => {
    const schedule = new SqliteSubmissionSchedule(':memory:');
    await schedule.schedule('later', 'a', new Date(Date.now() + 60_000));
    let reads = 0;
    const counted = new Proxy(schedule, {
      get: (target, property) =>
        property === 'due'
          ? (...args: Parameters<typeof schedule.due>) => (reads++, schedule.due(...args))
          : (Reflect.get(target, property) as (...args: unknown[]) => unknown).bind(target),
    });
    const ran: string[] = [];
    const timing = { intervalMs: 10_000, batch: 10, claimLeaseMs: 60_000, errorDelayMs: () => 1_000 };
    const options = {
      ...timing,
      schedule: counted,
      slots: createTenantSlots(1),
      logger: createRecordingLogger(),
      clock,
      isRunning: () => false,
      run: async (id: string, _tenant: string, slot: Release) => void (ran.push(id), slot()),
    };
    sweeper = startSweeper(options);
    sweeper.nudge(); // the only row falls due in a minute
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(0);
    await schedule.schedule('now', 'a', past());
    sweeper.nudge();
    await until(() => ran.length === 1);
    sweeper.nudge();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([reads, ...ran]).toEqual([1, 'now']);
    await sweeper.stop();
    sweeper = startSweeper({ ...options, intervalMs: 10 });
    await until(() => reads >= 3); // timer sweeps, with nothing due
    expect(ran).toEqual(['now']);
  });
});
