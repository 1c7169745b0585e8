import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvoiceEvent } from '@fe/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceFixture } from '../../test-support/invoice-events.ts';
import { ProjectionError } from '../errors.ts';
import { evolve } from './evolve.ts';
import type { InvoiceStatusView } from './invoice-status.ts';
import { SqliteStatusStore } from './sqlite-status-store.ts';

const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined) as InvoiceStatusView;
const stores: SqliteStatusStore[] = [];
const open = (path = ':memory:') => {
  const store = new SqliteStatusStore(path);
  stores.push(store);
  return store;
};
afterEach(() => stores.splice(0).forEach((s) => s.close()));

describe('SqliteStatusStore', () => {
  it('commits the saves of one turn together: another connection sees them once flushed() resolves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fe-status-'));
    const writer = open(join(dir, 'status.sqlite'));
    const reader = open(join(dir, 'status.sqlite'));
    const views = [1, 2, 3].map((consecutive) => fold([invoiceFixture({ consecutive }).requested()]));
    for (const view of views) writer.save(view, 1n);
    expect(writer.all()).toHaveLength(3); // the writer reads its own batch
    expect(reader.all()).toHaveLength(0); // not committed yet
    await writer.flushed();
    expect(reader.all()).toHaveLength(3);
    await expect(writer.flushed()).resolves.toBeUndefined(); // nothing open: at once
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers from its write-through cache exactly what the file holds', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fe-status-')), 'status.sqlite');
    const writer = open(path);
    const inv = invoiceFixture();
    const requested = inv.requested();
    writer.save(fold([requested]), 3n);
    writer.save(fold([requested, inv.signed()])); // no position: the stored one is kept
    await writer.flushed();
    const reader = open(path); // nothing cached: reads the file
    expect(writer.positionOf(inv.invoiceId)).toBe(3n);
    expect(reader.positionOf(inv.invoiceId)).toBe(3n);
    expect(writer.get(inv.invoiceId)).toEqual(reader.get(inv.invoiceId));
    expect(writer.findByCufe('demo', inv.cufe)).toEqual(reader.findByCufe('demo', inv.cufe));
  });

  it('commits an open batch on close', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fe-status-')), 'status.sqlite');
    const writer = new SqliteStatusStore(path);
    writer.save(fold([invoiceFixture().requested()]), 1n);
    writer.close();
    expect(open(path).all()).toHaveLength(1);
  });

  it('round-trips a view by id and by the tenant\'s cufe, and hides it from another tenant', () => {
    const store = open();
    const inv = invoiceFixture();
    const view = fold([inv.requested(), inv.signed(), inv.submitted(), inv.accepted([{ rule: 'FAJ40', message: 'n' }]), inv.rendered()]);
    store.save(view, 5n);
    expect(store.get(inv.invoiceId)).toEqual(view);
    expect(store.findByCufe('demo', inv.cufe)).toEqual(view);
    expect(store.findByCufe('other', inv.cufe)).toBeUndefined();
    expect(store.get('inv-demo-SETP1')).toBeUndefined();
    expect(store.positionOf(inv.invoiceId)).toBe(5n);
  });

  it('replaces a row on save and keeps the stored position when none is given', () => {
    const store = open();
    const inv = invoiceFixture();
    const requested = inv.requested();
    store.save(fold([requested]), 1n);
    const signed = fold([requested, inv.signed()]);
    store.save(signed);
    expect(store.get(inv.invoiceId)).toEqual(signed);
    expect(store.positionOf(inv.invoiceId)).toBe(1n);
    expect(store.all()).toHaveLength(1);
  });

  it('answers the highest consecutive per tenant and prefix, numerically', () => {
    const store = open();
    for (const [tenantId, prefix, consecutive] of [['demo', 'SETP', 990000009], ['demo', 'SETP', 990000010], ['demo', 'FE', 77], ['acme', 'SETP', 995000000]] as const) {
      store.save(fold([invoiceFixture({ tenantId, prefix, consecutive }).requested()]));
    }
    expect(store.maxNumber('demo', 'SETP')).toBe(990000010n);
    expect(store.maxNumber('demo', 'FE')).toBe(77n);
    expect(store.maxNumber('acme', 'SETP')).toBe(995000000n);
    expect(store.maxNumber('demo', 'SETT')).toBeUndefined();
  });

  it('refuses a second invoice with the same cufe for one tenant (CUFE_CONFLICT)', () => {
    const store = open();
    const first = fold([invoiceFixture({ consecutive: 1 }).requested()]);
    const second = { ...fold([invoiceFixture({ consecutive: 2 }).requested()]), cufe: first.cufe };
    store.save(first);
    const error = (() => { try { store.save(second); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(ProjectionError);
    expect((error as ProjectionError).code).toBe('CUFE_CONFLICT');
    expect(() => store.save({ ...second, tenantId: 'acme' })).not.toThrow();
  });

  it('lists every view by invoice id, and clears', () => {
    const store = open();
    const views = [3, 1, 2].map((n) => fold([invoiceFixture({ consecutive: n }).requested()]));
    views.forEach((v) => store.save(v));
    expect(store.all().map((v) => v.invoiceId)).toEqual(['inv-demo-SETP1', 'inv-demo-SETP2', 'inv-demo-SETP3']);
    store.clear();
    expect(store.all()).toEqual([]);
    expect(store.maxNumber('demo', 'SETP')).toBeUndefined();
  });

  it('keeps its rows in a file across reopening', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fe-status-'));
    try {
      const view = fold([invoiceFixture().requested()]);
      const first = open(join(dir, 'status.db'));
      first.save(view, 9n);
      first.close();
      const again = open(join(dir, 'status.db'));
      expect(again.get(view.invoiceId)).toEqual(view);
      expect(again.positionOf(view.invoiceId)).toBe(9n);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
