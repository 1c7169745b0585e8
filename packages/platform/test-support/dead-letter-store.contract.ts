import { describe, expect, it } from 'vitest';
import type { DeadLetterInput, DeadLetterStore } from '../src/ports/dead-letter-store.ts';
import { sampleEnvelope } from './sample-envelope.ts';

/** What every DeadLetterStore adapter must do (ports/dead-letter-store.ts). */
export function deadLetterStoreContract(name: string, factory: () => Promise<DeadLetterStore> | DeadLetterStore): void {
  const invoice = 'demo-SETP-990000001';
  const letter = (group: string, overrides: Partial<DeadLetterInput> = {}): DeadLetterInput => {
    const value = sampleEnvelope(invoice);
    return {
      topic: 'fe.invoice.events.v1',
      group,
      error: 'Error: ENOTDIR: not a directory, mkdir',
      attempts: 5,
      message: { key: invoice, value, headers: { 'x-store-position': '7' } },
      ...overrides,
    };
  };
  const t0 = new Date('2026-11-25T10:00:00.000Z');
  const t1 = new Date('2026-11-25T10:05:00.000Z');

  describe(`DeadLetterStore contract: ${name}`, () => {
    it('keeps the message exactly, with its group, error and attempts, oldest first', async () => {
      const store = await factory();
      const a = letter('fe.signer');
      const b = letter('fe.renderer');
      await store.keep(a, t0);
      await store.keep(b, t1);
      const listed = await store.list();
      expect(listed.map((l) => l.group)).toEqual(['fe.signer', 'fe.renderer']);
      expect(listed[0]).toMatchObject({
        topic: a.topic,
        group: 'fe.signer',
        error: a.error,
        attempts: 5,
        deaths: 1,
        firstDeadAt: t0.toISOString(),
        lastDeadAt: t0.toISOString(),
      });
      expect(listed[0]!.message).toEqual(a.message);
      expect(listed[0]!.redriveRequestedAt).toBeUndefined();
      expect(await store.requested()).toEqual([]);
    });

    it('one letter per topic, group and event: a second death updates it and withdraws a pending re-drive', async () => {
      const store = await factory();
      const a = letter('fe.signer');
      await store.keep(a, t0);
      const [kept] = await store.list();
      expect(await store.requestRedrive([kept!.id], t0)).toBe(1);
      await store.keep(
        {
          ...a,
          error:
            "SignerError CREDENTIAL_UNUSABLE: The tenant's signing certificate cannot sign at the issue instant. (CERT_EXPIRED)",
          attempts: 3,
        },
        t1,
      );
      await store.keep({ ...a, group: 'fe.renderer' }, t1); // another group's letter for the same event
      const listed = await store.list();
      expect(listed).toHaveLength(2);
      expect(listed[0]).toMatchObject({
        id: kept!.id,
        error:
          "SignerError CREDENTIAL_UNUSABLE: The tenant's signing certificate cannot sign at the issue instant. (CERT_EXPIRED)",
        attempts: 3,
        deaths: 2,
        firstDeadAt: t0.toISOString(),
        lastDeadAt: t1.toISOString(),
      });
      expect(listed[0]!.redriveRequestedAt).toBeUndefined();
    });

    it('marks the letters asked for (unknown ids skipped) or all, lists them as requested, and forgets a removed one', async () => {
      const store = await factory();
      for (const group of ['g1', 'g2', 'g3']) await store.keep(letter(group), t0);
      const [one, two, three] = await store.list();
      expect(await store.requestRedrive([two!.id, 999_999], t1)).toBe(1);
      expect((await store.requested()).map((l) => l.id)).toEqual([two!.id]);
      expect((await store.requested())[0]!.redriveRequestedAt).toBe(t1.toISOString());
      expect(await store.requestRedrive('all', t1)).toBe(3);
      expect((await store.requested()).map((l) => l.id)).toEqual([one!.id, two!.id, three!.id]);
      await store.remove(two!.id);
      expect((await store.list()).map((l) => l.id)).toEqual([one!.id, three!.id]);
      await store.remove(two!.id); // already gone: nothing happens
    });
  });
}
