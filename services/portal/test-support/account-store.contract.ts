import { afterEach, describe, expect, it } from 'vitest';
import type { AccountStore } from '../src/ports/account-store.ts';

const at = new Date('2026-03-10T12:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

/** What every AccountStore adapter must do; `open` gives a store on fresh, empty storage. */
export function accountStoreContract(name: string, open: () => Promise<AccountStore>): void {
  describe(`AccountStore contract: ${name}`, () => {
    const opened: AccountStore[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async () => {
      const store = await open();
      opened.push(store);
      return store;
    };

    it('refuses a second account for an email and keeps tokens single-use and bounded in time', async () => {
      const store = await fresh();
      expect(await store.createAccount({ id: 'a1', email: 'ana@acme.co', passwordHash: 'h', tenantId: 't1' }, at)).toBe(
        true,
      );
      expect(
        await store.createAccount({ id: 'a2', email: 'ana@acme.co', passwordHash: 'h2', tenantId: 't2' }, at),
      ).toBe(false);
      expect(await store.accountByEmail('ana@acme.co')).toMatchObject({
        id: 'a1',
        passwordHash: 'h',
        confirmedAt: undefined,
      });
      await store.confirm('a1', at);
      await store.confirm('a1', later(5000)); // the first confirmation stays
      await store.saveDraft('a1', { testSetId: 'set-1' });
      expect(await store.accountById('a1')).toMatchObject({
        confirmedAt: at,
        testSetId: 'set-1',
        companyDraft: undefined,
      });

      await store.saveToken('hash-1', 'a1', 'confirm', later(1000));
      expect(await store.takeToken('hash-1', 'reset', at)).toBeUndefined(); // another purpose: not this one
      expect(await store.takeToken('hash-1', 'confirm', at)).toBe('a1');
      expect(await store.takeToken('hash-1', 'confirm', at)).toBeUndefined(); // used
      await store.saveToken('hash-2', 'a1', 'reset', later(1000));
      expect(await store.takeToken('hash-2', 'reset', later(1000))).toBeUndefined(); // expired
    });

    it("lists the e-mail of a tenant's confirmed account, none for an unconfirmed one or another tenant", async () => {
      const store = await fresh();
      for (const [id, email, tenantId] of [
        ['a1', 'ana@acme.co', 't1'],
        ['a2', 'sin.confirmar@beta.co', 't2'],
        ['a3', 'otra@gama.co', 't3'],
      ] as const)
        await store.createAccount({ id, email, passwordHash: 'h', tenantId }, at);
      for (const id of ['a1', 'a3']) await store.confirm(id, at);
      expect(await store.confirmedEmailsOf('t1')).toEqual(['ana@acme.co']);
      expect(await store.confirmedEmailsOf('t2')).toEqual([]);
      expect(await store.confirmedEmailsOf('t4')).toEqual([]);
    });

    it('ends sessions at their expiry, one by one, or all of an account at once', async () => {
      const store = await fresh();
      await store.createAccount({ id: 'a1', email: 'ana@acme.co', passwordHash: 'h', tenantId: 't1' }, at);
      await store.createSession('s1', 'a1', later(1000));
      await store.createSession('s2', 'a1', later(5000));
      expect(await store.session('s1', at)).toEqual({ accountId: 'a1' });
      expect(await store.session('s1', later(1000))).toBeUndefined();
      await store.deleteSessionsOf('a1');
      expect(await store.session('s2', at)).toBeUndefined();
    });
  });
}
