// A full disk under the projection: SQLite's real `database or disk is full` (max_page_count on the store's own
// connection stands in for the disk). The projection waits it out, dead-letters nothing, and equals the fold of every
// stream once storage returns.
import { mkdtempSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvoiceEvent } from '@fe/contracts';
import { InProcessEventBus, type DeliveredMessage } from '@fe/platform';
import { evolve, SqliteStatusStore } from '@fe/invoice-status';
import { asMessage, invoiceFixture } from '@fe/invoice-status/testing';
import { afterEach, expect, it, vi } from 'vitest';
import { recordingLogger } from '../../test-support/recording-logger.ts';
import { createStatusProjection } from './projection.ts';

const topic = 'fe.invoice.events.v1';
const dir = mkdtempSync(join(tmpdir(), 'fe-projection-full-'));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

it('retries a full disk until it has room, dead-letters nothing, and ends equal to the fold', async () => {
  const bus = new InProcessEventBus();
  const store = new SqliteStatusStore(join(dir, 'status.sqlite'));
  const logger = recordingLogger();
  const projection = createStatusProjection({ bus, store, logger, maxAttempts: 3, retryBackoffMs: 1 });
  cleanups.push(
    () => store.close(),
    () => bus.close(),
    () => projection.stop(),
  );
  const dead: DeliveredMessage[] = [];
  await bus.subscribe({ topic: `${topic}.dlq`, group: 'ops', handler: async (m) => void dead.push(m) });
  await projection.start();

  // The disk is full from now: the file may not grow by a page.
  const db = (store as unknown as { db: DatabaseSync }).db;
  const pages = Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
  db.exec(`PRAGMA max_page_count = ${pages}`);

  const streams: InvoiceEvent[][] = [];
  for (let i = 1; i <= 12; i++) {
    const invoice = invoiceFixture({ consecutive: i });
    streams.push([
      invoice.requested(),
      invoice.signed(),
      invoice.submitted(),
      invoice.accepted([]),
      invoice.rendered(),
    ]);
  }
  await bus.publish(
    topic,
    streams.flat().map((event) => asMessage(event)),
  );
  const fullFailures = () =>
    logger.entries.filter(
      (e) =>
        e.fields.transient === true &&
        (e.fields.err as { cause?: { message?: string } }).cause?.message === 'database or disk is full',
    ).length;
  // Far more failures than maxAttempts allows for a counted one: a dead letter would have come long ago.
  await vi.waitFor(() => expect(fullFailures()).toBeGreaterThan(3 * 12), { timeout: 20_000 });
  expect((await store.all()).length).toBeLessThan(streams.length); // a few fit the pages it had; the rest wait

  db.exec('PRAGMA max_page_count = 1073741823'); // room again
  const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined);
  await vi.waitFor(
    async () => {
      for (const stream of streams) expect(await store.get(stream[0]!.invoice_id!)).toEqual(fold(stream));
    },
    { timeout: 20_000 },
  );
  expect(dead).toEqual([]);
  expect(logger.entries.filter((e) => e.level === 'error')).toEqual([]);
});
