import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvoiceEvent } from '@fe/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceFixture } from '@fe/invoice-status/testing';
import { statusStoreContract } from '../../test-support/status-store.contract.ts';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';
import { SqliteStatusStore } from './sqlite-status-store.ts';

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fe-status-'));
  dirs.push(dir);
  return join(dir, 'status.sqlite');
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

statusStoreContract('sqlite (file, WAL)', async () => {
  const path = tempFile();
  return { store: new SqliteStatusStore(path), another: async () => new SqliteStatusStore(path) };
});

const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined) as InvoiceStatusView;

describe('SqliteStatusStore', () => {
  it('commits the saves of one turn together: another connection sees them once flushed() resolves, not before', async () => {
    const path = tempFile();
    const writer = new SqliteStatusStore(path);
    const reader = new SqliteStatusStore(path);
    try {
      const views = [1, 2, 3].map((consecutive) => fold([invoiceFixture({ consecutive }).requested()]));
      for (const view of views) await writer.save(view, 1n);
      expect(await writer.all()).toHaveLength(3); // the writer reads its own batch
      expect(await reader.all()).toHaveLength(0); // not committed yet
      await writer.flushed();
      expect(await reader.all()).toHaveLength(3);
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('replaces the whole row when a save changes what identifies the invoice, as the first save of it would', async () => {
    const path = tempFile();
    const writer = new SqliteStatusStore(path);
    const reader = new SqliteStatusStore(path);
    try {
      const inv = invoiceFixture();
      const requested = fold([inv.requested()]);
      await writer.save(requested, 1n);
      await writer.save(fold([inv.requested(), inv.signed()])); // the fold's next view: identity unchanged
      const moved = {
        ...requested,
        tenantId: 'acme',
        cufe: 'another-cufe',
        prefix: 'FE',
        consecutive: '77',
        number: 'FE77',
      };
      await writer.save(moved);
      await writer.flushed();
      expect(await reader.get(inv.invoiceId)).toEqual(moved);
      expect(await reader.positionOf(inv.invoiceId)).toBe(1n);
      expect(await reader.findByCufe('acme', 'another-cufe')).toEqual(moved);
      expect(await reader.findByCufe('demo', inv.cufe)).toBeUndefined();
      expect(await reader.maxNumber('acme', 'FE')).toBe(77n);
      expect(await reader.maxNumber('demo', 'SETP')).toBeUndefined();
    } finally {
      await writer.close();
      await reader.close();
    }
  });
});
