import { describe, expect, it } from 'vitest';
import type { ReceivedInvoiceIndex } from '../src/list/received-invoice-index.ts';

/** What every ReceivedInvoiceIndex adapter does (SQLite in the unit run, PostgreSQL in the int run). */
export function receivedInvoiceIndexContract(name: string, open: () => Promise<ReceivedInvoiceIndex>): void {
  describe(`ReceivedInvoiceIndex contract: ${name}`, () => {
    const tenant = () => `t-${Math.random().toString(36).slice(2, 10)}`;
    const cufe = (n: number) => String(n).padStart(96, 'a');

    it("lists a tenant's invoices newest first, once each, the first time kept", async () => {
      const index = await open();
      const t = tenant();
      await index.add(t, cufe(1), new Date('2026-11-01T10:00:00Z'));
      await index.add(t, cufe(2), new Date('2026-11-02T10:00:00Z'));
      await index.add(t, cufe(1), new Date('2026-11-03T10:00:00Z'));
      await index.add(tenant(), cufe(3), new Date('2026-11-04T10:00:00Z'));
      expect(await index.list(t, { limit: 10 })).toEqual([
        { cufe: cufe(2), importedAt: new Date('2026-11-02T10:00:00Z') },
        { cufe: cufe(1), importedAt: new Date('2026-11-01T10:00:00Z') },
      ]);
      await index.close();
    });

    it('pages with limit and before', async () => {
      const index = await open();
      const t = tenant();
      for (let day = 1; day <= 5; day++) await index.add(t, cufe(day), new Date(`2026-11-0${day}T10:00:00Z`));
      const first = await index.list(t, { limit: 2 });
      expect(first.map((r) => r.cufe)).toEqual([cufe(5), cufe(4)]);
      const second = await index.list(t, { limit: 2, before: first.at(-1)!.importedAt });
      expect(second.map((r) => r.cufe)).toEqual([cufe(3), cufe(2)]);
      await index.close();
    });
  });
}
