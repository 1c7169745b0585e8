import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chainDigest, GENESIS_DIGEST } from '../src/audit/event-chain.ts';
import { verifyStreamChain } from '../src/audit/verify-chain.ts';
import type { EventStore } from '../src/ports/event-store.ts';
import { sampleEnvelope } from './sample-envelope.ts';

/** What a store that keeps the tamper-evidence chain must do (docs/audit.md), on `read` and on `readAll`. */
export function eventChainContract(name: string, factory: () => Promise<EventStore> | EventStore): void {
  describe(`event chain contract: ${name}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await factory();
    });
    afterEach(async () => {
      await store.close();
    });

    it('chains each stream from the genesis digest, across appends, on read and readAll', async () => {
      const s = `chain-${Math.random().toString(36).slice(2)}`;
      const other = `${s}-other`;
      await store.append(s, [sampleEnvelope(s, 'InvoiceRequested')], 'no_stream');
      await store.append(other, [sampleEnvelope(other, 'InvoiceRequested')], 'no_stream');
      await store.append(
        s,
        [sampleEnvelope(s, 'InvoiceSigned'), sampleEnvelope(s, 'InvoiceSubmitted', { text: 'Sí, ñandú "€"' })],
        0n,
      );
      const { events } = await store.read(s);
      let previous = GENESIS_DIGEST;
      for (const event of events) {
        previous = chainDigest(previous, s, event.version, JSON.stringify(event.envelope));
        expect(event.digest).toBe(previous);
      }
      expect(verifyStreamChain(s, events)).toEqual([]);
      const all = (await store.readAll({ limit: 10_000 })).filter((e) => e.stream === s);
      expect(all.map((e) => e.digest)).toEqual(events.map((e) => e.digest));
      expect((await store.read(other)).events[0]!.digest).toBe(
        chainDigest(GENESIS_DIGEST, other, 0n, JSON.stringify((await store.read(other)).events[0]!.envelope)),
      );
    });

    it('finds an event changed, removed or moved', async () => {
      const s = `chain-${Math.random().toString(36).slice(2)}`;
      await store.append(
        s,
        [
          sampleEnvelope(s, 'InvoiceRequested'),
          sampleEnvelope(s, 'InvoiceSigned'),
          sampleEnvelope(s, 'InvoiceAccepted'),
        ],
        'no_stream',
      );
      const { events } = await store.read(s);
      const changed = events.map((e, i) =>
        i === 1 ? { ...e, envelope: { ...e.envelope, occurred_at: '2026-03-11T10:15:00-05:00' } } : e,
      );
      expect(verifyStreamChain(s, changed).map((f) => f.code)).toEqual(['CHAIN_BROKEN']);
      const removed = [events[0]!, { ...events[2]!, version: 1n }];
      expect(verifyStreamChain(s, removed).map((f) => f.code)).toContain('CHAIN_BROKEN');
      const swapped = [events[0]!, { ...events[2]!, version: 1n }, { ...events[1]!, version: 2n }];
      expect(verifyStreamChain(s, swapped).map((f) => f.code)).toContain('CHAIN_BROKEN');
    });
  });
}
