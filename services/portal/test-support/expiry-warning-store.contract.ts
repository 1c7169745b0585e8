import { afterEach, describe, expect, it } from 'vitest';
import type { ExpiryWarningStore } from '../src/ports/expiry-warning-store.ts';

const at = new Date('2027-03-25T12:00:00Z');

/**
 * What every ExpiryWarningStore adapter must do; `open` gives two stores on the same fresh, empty storage, with
 * connections of their own, as two portal instances (or a restart) would have.
 */
export function expiryWarningStoreContract(
  name: string,
  open: () => Promise<[ExpiryWarningStore, ExpiryWarningStore]>,
): void {
  describe(`ExpiryWarningStore contract: ${name}`, () => {
    const opened: ExpiryWarningStore[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async () => {
      const pair = await open();
      opened.push(...pair);
      return pair;
    };

    it('lets one claim of a warning win, in either store, and keeps thresholds, generations and tenants apart', async () => {
      const [one, two] = await fresh();
      const seven = { tenantId: 'acme', generation: 1, threshold: 7 } as const;
      expect(await one.claim(seven, at)).toBe(true);
      expect(await one.claim(seven, at)).toBe(false);
      expect(await two.claim(seven, at)).toBe(false); // another process, or this one after a restart
      expect(await two.claim({ ...seven, threshold: 1 }, at)).toBe(true);
      expect(await two.claim({ ...seven, threshold: 'expired' }, at)).toBe(true);
      expect(await one.claim({ ...seven, generation: 2 }, at)).toBe(true); // a new certificate is warned afresh
      expect(await one.claim({ ...seven, tenantId: 'beta' }, at)).toBe(true);
    });

    it("keeps a contingency batch's warnings apart from the certificate's, one per first invoice", async () => {
      const [one, two] = await fresh();
      const batch = { tenantId: 'acme', generation: 0, threshold: 'contingency:SETP990000001' } as const;
      expect(await one.claim(batch, at)).toBe(true);
      expect(await two.claim(batch, at)).toBe(false);
      expect(await two.claim({ ...batch, threshold: 'contingency:SETP990000002' }, at)).toBe(true);
      expect(await one.claim({ ...batch, generation: 1, threshold: 7 }, at)).toBe(true);
    });

    it('gives a released warning to the next claim, in the other store too', async () => {
      const [one, two] = await fresh();
      const thirty = { tenantId: 'acme', generation: 3, threshold: 30 } as const;
      expect(await one.claim(thirty, at)).toBe(true);
      await one.release(thirty);
      expect(await two.claim(thirty, at)).toBe(true);
      expect(await one.claim(thirty, at)).toBe(false);
    });

    it('has exactly one winner among many concurrent claims of one warning', async () => {
      const [one, two] = await fresh();
      const warning = { tenantId: 'acme', generation: 1, threshold: 1 } as const;
      const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).claim(warning, at)));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });
  });
}
