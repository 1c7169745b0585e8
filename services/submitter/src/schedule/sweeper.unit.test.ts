import { afterEach, describe, expect, it } from 'vitest';
import { createTenantSlots, type Release } from '../concurrency/tenant-slots.ts';
import { createRecordingLogger } from '../../test-support/recording-logger.ts';
import { SqliteSubmissionSchedule } from './schedule-store.ts';
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
  it('runs due rows with a slot of their tenant, never past the cap, and picks the rest up when a slot frees', async () => {
    const schedule = new SqliteSubmissionSchedule(':memory:');
    for (const id of ['a1', 'a2', 'a3']) schedule.schedule(id, 'a', past());
    schedule.schedule('later', 'a', new Date(Date.now() + 60_000));
    const held: { id: string; release: () => void }[] = [];
    const ran: string[] = [];
    const slots = createTenantSlots(2, () => sweeper?.nudge());
    sweeper = startSweeper({
      schedule, slots, clock, logger: createRecordingLogger(), intervalMs: 10_000, batch: 10, errorDelayMs: () => 1_000, isRunning: () => false,
      run: (id, _tenant, slot: Release) => {
        ran.push(id);
        return new Promise<void>((resolve) => held.push({ id, release: () => { schedule.remove(id); slot(); resolve(); } }));
      },
    });
    sweeper.nudge();
    await until(() => ran.length === 2);
    expect(slots.available('a')).toBe(0);
    held.shift()!.release(); // a slot frees: the release nudges the sweeper
    await until(() => ran.length === 3);
    expect(ran).toEqual(['a1', 'a2', 'a3']);
    held.splice(0).forEach((h) => h.release());
    expect(schedule.get('later')).toBeDefined(); // not due: untouched
  });

  it('a run that throws keeps its row, moved later with backoff; an invoice already running is skipped', async () => {
    const schedule = new SqliteSubmissionSchedule(':memory:');
    schedule.markSending('boom', 't', 2, past());
    schedule.schedule('busy', 't', past());
    const logger = createRecordingLogger();
    const ran: string[] = [];
    sweeper = startSweeper({
      schedule, slots: createTenantSlots(4), clock, logger, intervalMs: 10_000, batch: 10, errorDelayMs: (n) => n * 60_000,
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
    const row = schedule.get('boom')!;
    expect(row.sendingAttempt).toBe(2); // the send marker survives: the next run still reconciles first
    expect(row.dueAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});
