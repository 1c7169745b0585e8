import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  foldRoot,
  signCheckpoint,
  checkpointSignatureHolds,
  type AuditCheckpointStore,
} from '../src/audit/checkpoint.ts';
import type { AuditSigningKey } from '../src/audit/signing-key.ts';
import { startCheckpointer } from '../src/audit/checkpointer.ts';
import { verifyEventStore } from '../src/audit/verify-store.ts';
import type { EventStore } from '../src/ports/event-store.ts';
import type { Logger } from '../src/ports/logger.ts';
import { sampleEnvelope } from './sample-envelope.ts';

const silent: Logger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };

/**
 * What every AuditCheckpointStore must do, and the checkpointer over the store beside it; the factory gives
 * fresh storage per case.
 */
export function auditCheckpointContract(
  name: string,
  factory: () =>
    | Promise<{ events: EventStore; checkpoints: AuditCheckpointStore }>
    | { events: EventStore; checkpoints: AuditCheckpointStore },
  key: () => AuditSigningKey,
): void {
  describe(`AuditCheckpointStore contract: ${name}`, () => {
    let events: EventStore;
    let checkpoints: AuditCheckpointStore;
    beforeEach(async () => {
      ({ events, checkpoints } = await factory());
    });
    afterEach(async () => {
      await checkpoints.close();
      await events.close();
    });

    it('keeps checkpoints in the order added, positions beyond 2^53 exact, signatures holding', async () => {
      expect(await checkpoints.latest()).toBeUndefined();
      const a = signCheckpoint(key(), {
        position: 5n,
        events: 3,
        root: foldRoot(EMPTY_ROOT, { position: 5n, digest: 'a' }),
        signedAt: '2026-03-10T15:00:00.000Z',
      });
      const b = signCheckpoint(key(), {
        position: 2n ** 60n + 1n,
        events: 9,
        root: 'f'.repeat(64),
        signedAt: '2026-03-10T15:01:00.000Z',
      });
      await checkpoints.add(a);
      await checkpoints.add(b);
      expect(await checkpoints.latest()).toEqual(b);
      expect(await checkpoints.all()).toEqual([a, b]);
      expect((await checkpoints.all()).every((c) => checkpointSignatureHolds(c, key().publicKeyPem))).toBe(true);
    });

    it('signs the head of the store beside it, and the walk finds the store as signed', async () => {
      const s = `audit-${Math.random().toString(36).slice(2)}`;
      await events.append(s, [sampleEnvelope(s, 'InvoiceRequested'), sampleEnvelope(s, 'InvoiceSigned')], 'no_stream');
      const checkpointer = startCheckpointer({
        store: events,
        checkpoints,
        key: key(),
        clock: { now: () => new Date('2026-03-10T15:00:00Z') },
        logger: silent,
      });
      const signed = await checkpointer.checkpointNow();
      await checkpointer.stop();
      expect(signed?.position).toBe(await events.head());
      const walk = await verifyEventStore(events, await checkpoints.all(), key().publicKeyPem);
      expect(walk.findings.filter((f) => f.subject === s || f.subject.startsWith('checkpoint'))).toEqual([]);
    });
  });
}
