import type { InvoiceEvent } from '@fe/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceFixture } from './invoice-events.ts';
import { evolve, type InvoiceStatusView } from '../src/index.ts';
import type { StatusStore } from '../src/store/status-store.ts';

/** Fresh, empty storage; `another()` opens a second store on the same storage, as another process would. */
export type StatusStoreFixture = { store: StatusStore; another(): Promise<StatusStore> };

const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined) as InvoiceStatusView;
const requestedView = (options: Parameters<typeof invoiceFixture>[0] = {}) =>
  fold([invoiceFixture(options).requested()]);

/** What every StatusStore adapter must do; run it from the adapter's own test file. */
export function statusStoreContract(name: string, factory: () => Promise<StatusStoreFixture>): void {
  describe(`StatusStore contract: ${name}`, () => {
    const opened: StatusStore[] = [];
    const open = async () => {
      const fixture = await factory();
      opened.push(fixture.store);
      return {
        store: fixture.store,
        another: async () => {
          const store = await fixture.another();
          opened.push(store);
          return store;
        },
      };
    };
    afterEach(async () => {
      for (const store of opened.splice(0).reverse()) await store.close();
    });

    it("round-trips a view by id and by the tenant's cufe, and hides it from another tenant", async () => {
      const { store } = await open();
      const inv = invoiceFixture();
      const view = fold([
        inv.requested(),
        inv.signed(),
        inv.submitted(),
        inv.accepted([{ rule: 'FAJ40', message: 'n' }]),
        inv.rendered(),
      ]);
      await store.save(view, 5n);
      expect(await store.get(inv.invoiceId)).toEqual(view);
      expect(await store.findByCufe('demo', inv.cufe)).toEqual(view);
      expect(await store.findByCufe('other', inv.cufe)).toBeUndefined();
      expect(await store.get('inv-demo-SETP1')).toBeUndefined();
      expect(await store.positionOf(inv.invoiceId)).toBe(5n);
      expect(await store.positionOf('inv-demo-SETP1')).toBeUndefined();
      expect(await store.folded(inv.invoiceId)).toEqual({ view: await store.get(inv.invoiceId), position: 5n });
      expect(await store.folded('inv-demo-SETP1')).toBeUndefined();
    });

    it("lists a tenant's invoices only, up to the limit, each with its buyer and total", async () => {
      const { store } = await open();
      const fixtures = [
        invoiceFixture({ consecutive: 990000001 }),
        invoiceFixture({ consecutive: 990000002 }),
        invoiceFixture({ tenantId: 'other' }),
      ];
      for (const inv of fixtures) await store.save(fold([inv.requested()]), 1n);
      const listed = await store.listForTenant('demo', 10);
      expect(listed.map((view) => view.invoiceId).sort()).toEqual([fixtures[0]!.invoiceId, fixtures[1]!.invoiceId]);
      expect(listed[0]).toMatchObject({ buyerName: 'Comprador S.A.S.', payableAmount: '100.00' });
      expect(await store.listForTenant('demo', 1)).toHaveLength(1);
      expect(await store.listForTenant('nobody', 10)).toEqual([]);
    });

    it('replaces a row on save and keeps the stored position when none is given', async () => {
      const { store } = await open();
      const inv = invoiceFixture();
      const requested = inv.requested();
      await store.save(fold([requested]), 1n);
      const signed = fold([requested, inv.signed()]);
      await store.save(signed);
      expect(await store.get(inv.invoiceId)).toEqual(signed);
      expect(await store.findByCufe('demo', inv.cufe)).toEqual(signed);
      expect(await store.positionOf(inv.invoiceId)).toBe(1n);
      expect(await store.all()).toHaveLength(1);
    });

    it('has no position for a row only ever saved without one, and keeps positions beyond 2^53 exactly', async () => {
      const { store } = await open();
      const plain = requestedView({ consecutive: 1 });
      await store.save(plain);
      expect(await store.positionOf(plain.invoiceId)).toBeUndefined();
      expect(await store.folded(plain.invoiceId)).toEqual({ view: plain, position: undefined });
      const big = requestedView({ consecutive: 2 });
      await store.save(big, 2n ** 62n + 1n);
      expect(await store.positionOf(big.invoiceId)).toBe(2n ** 62n + 1n);
    });

    it('answers the highest consecutive per tenant and prefix, numerically', async () => {
      const { store } = await open();
      for (const [tenantId, prefix, consecutive] of [
        ['demo', 'SETP', 990000009],
        ['demo', 'SETP', 990000010],
        ['demo', 'SETP', 99],
        ['demo', 'FE', 77],
        ['acme', 'SETP', 995000000],
      ] as const) {
        await store.save(requestedView({ tenantId, prefix, consecutive }));
      }
      expect(await store.maxNumber('demo', 'SETP')).toBe(990000010n);
      expect(await store.maxNumber('demo', 'FE')).toBe(77n);
      expect(await store.maxNumber('acme', 'SETP')).toBe(995000000n);
      expect(await store.maxNumber('demo', 'SETT')).toBeUndefined();
    });

    it('refuses a second invoice with the same cufe for one tenant (CUFE_CONFLICT), keeping the first', async () => {
      const { store } = await open();
      const first = requestedView({ consecutive: 1 });
      const second = { ...requestedView({ consecutive: 2 }), cufe: first.cufe };
      await store.save(first, 1n);
      await expect(store.save(second, 2n)).rejects.toMatchObject({ code: 'CUFE_CONFLICT', retriable: false });
      expect(await store.findByCufe('demo', first.cufe)).toEqual(first);
      await store.save({ ...second, tenantId: 'acme' }, 3n); // the cufe is unique per tenant only
      await store.flushed();
      expect(await store.findByCufe('acme', first.cufe)).toMatchObject({ invoiceId: second.invoiceId });
    });

    it('refuses a consecutive beyond a 64-bit integer (NUMBER_TOO_LARGE)', async () => {
      const { store } = await open();
      const view = requestedView({ consecutive: '9223372036854775808' });
      await expect(store.save(view)).rejects.toMatchObject({ code: 'NUMBER_TOO_LARGE', retriable: false });
      expect(await store.get(view.invoiceId)).toBeUndefined();
    });

    it('lists every view by invoice id, and clears', async () => {
      const { store } = await open();
      for (const n of [3, 1, 2]) await store.save(requestedView({ consecutive: n }));
      expect((await store.all()).map((v) => v.invoiceId)).toEqual([
        'inv-demo-SETP1',
        'inv-demo-SETP2',
        'inv-demo-SETP3',
      ]);
      await store.clear();
      expect(await store.all()).toEqual([]);
      expect(await store.get('inv-demo-SETP1')).toBeUndefined();
      expect(await store.maxNumber('demo', 'SETP')).toBeUndefined();
    });

    it('makes saves durable by the time flushed() resolves: another store on the same storage reads them alike', async () => {
      const { store, another } = await open();
      await expect(store.flushed()).resolves.toBeUndefined(); // nothing pending
      const inv = invoiceFixture();
      const requested = inv.requested();
      await store.save(fold([requested]), 3n);
      await store.save(fold([requested, inv.signed()])); // no position: the stored one is kept
      for (const n of [1, 2]) await store.save(requestedView({ consecutive: n }), 4n);
      await store.flushed();
      const reader = await another();
      expect(await reader.all()).toEqual(await store.all());
      expect(await reader.positionOf(inv.invoiceId)).toBe(3n);
      expect(await reader.get(inv.invoiceId)).toEqual(await store.get(inv.invoiceId));
      expect(await reader.findByCufe('demo', inv.cufe)).toEqual(await store.findByCufe('demo', inv.cufe));
      expect(await reader.maxNumber('demo', 'SETP')).toBe(990000001n);
    });

    it('sees rows another store on the same storage wrote and flushed', async () => {
      const { store, another } = await open();
      const view = requestedView();
      expect(await store.get(view.invoiceId)).toBeUndefined();
      const writer = await another();
      await writer.save(view, 9n);
      await writer.flushed();
      expect(await store.get(view.invoiceId)).toEqual(view);
      expect(await store.findByCufe('demo', view.cufe)).toEqual(view);
      expect(await store.positionOf(view.invoiceId)).toBe(9n);
    });

    it('commits what is pending on close, and closing twice is harmless', async () => {
      const { store, another } = await open();
      const view = requestedView();
      await store.save(view, 1n);
      await store.close();
      await store.close();
      const again = await another();
      expect(await again.get(view.invoiceId)).toEqual(view);
      expect(await again.positionOf(view.invoiceId)).toBe(1n);
    });
  });
}
