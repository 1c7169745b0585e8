import type pg from 'pg';
import type { InvoiceEvent } from '@fe/contracts';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFixture } from '../../../test-support/invoice-events.ts';
import { statusStoreContract } from '../../../test-support/status-store.contract.ts';
import { evolve, type InvoiceStatusView } from '../../index.ts';
import { PostgresStatusStore, statusStoreMigrations } from './postgres-status-store.ts';

// One schema for the file; each case starts from an empty table (the suite's "fresh, empty storage").
let db: TestSchema;
let processB: pg.Pool; // another pool on the same schema: "another process"
beforeAll(async () => {
  db = await freshTestSchema({ sets: [statusStoreMigrations()] });
  processB = db.openPool();
});
afterAll(() => db?.drop());

statusStoreContract('postgres', async () => {
  await db.pool.query('TRUNCATE invoice_status');
  return { store: new PostgresStatusStore(db.pool), another: async () => new PostgresStatusStore(processB) };
});

const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined) as InvoiceStatusView;

describe('PostgresStatusStore: the rows it saved', () => {
  it("folds an invoice's next event from its own save, and never writes over a row another process moved on", async () => {
    await db.pool.query('TRUNCATE invoice_status');
    const mine = new PostgresStatusStore(db.pool);
    const other = new PostgresStatusStore(processB); // the partition moved to another process, and back
    const inv = invoiceFixture();
    const requested = fold([inv.requested()]);
    const signed = fold([inv.requested(), inv.signed()]);
    const submitted = fold([inv.requested(), inv.signed(), inv.submitted()]);
    await mine.save(requested, 1n);
    await other.save(signed, 2n);
    expect(await mine.folded(inv.invoiceId)).toEqual({ view: requested, position: 1n }); // its own save, not read
    await expect(mine.save(fold([inv.requested(), inv.submitted()]), 3n)).rejects.toMatchObject({
      code: 'STATUS_ROW_MOVED',
      retriable: true,
    });
    expect([await other.get(inv.invoiceId), await other.positionOf(inv.invoiceId)]).toEqual([signed, 2n]);
    expect(await mine.folded(inv.invoiceId)).toEqual({ view: signed, position: 2n }); // read again after the refusal
    await mine.save(submitted, 3n);
    expect([await other.get(inv.invoiceId), await other.positionOf(inv.invoiceId)]).toEqual([submitted, 3n]);
    await Promise.all([mine.close(), other.close()]);
  });
});
