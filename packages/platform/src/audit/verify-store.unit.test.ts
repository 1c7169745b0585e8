import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdtempSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteAuditCheckpointStore } from '../adapters/sqlite/sqlite-audit-checkpoint-store.ts';
import { SqliteEventStore } from '../adapters/sqlite/sqlite-event-store.ts';
import { sampleEnvelope } from '../../test-support/sample-envelope.ts';
import { startCheckpointer } from './checkpointer.ts';
import { chainDigest, GENESIS_DIGEST } from './event-chain.ts';
import { loadOrCreateAuditKey } from './signing-key.ts';
import { verifyEventStore } from './verify-store.ts';

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child() {
    return silent;
  },
} as never;

/** A store of three streams with a signed checkpoint after the first two appends and another at the end. */
async function signedStore() {
  const dir = mkdtempSync(join(tmpdir(), 'fe-audit-'));
  const file = join(dir, 'events.sqlite');
  const key = loadOrCreateAuditKey(join(dir, 'audit.key'));
  const store = new SqliteEventStore(file);
  const checkpoints = new SqliteAuditCheckpointStore(file);
  const checkpointer = startCheckpointer({
    store,
    checkpoints,
    key,
    clock: { now: () => new Date('2026-03-10T15:00:00Z') },
    logger: silent,
  });
  await store.append('a', [sampleEnvelope('a', 'InvoiceRequested'), sampleEnvelope('a', 'InvoiceSigned')], 'no_stream');
  await store.append('b', [sampleEnvelope('b', 'InvoiceRequested')], 'no_stream');
  expect(await checkpointer.checkpointNow()).toMatchObject({ position: 3n, events: 3 });
  expect(await checkpointer.checkpointNow()).toBeUndefined(); // the head did not move
  await store.append('a', [sampleEnvelope('a', 'InvoiceAccepted')], 1n);
  await store.append('c', [sampleEnvelope('c', 'InvoiceRequested')], 'no_stream');
  await checkpointer.stop(); // signs the head once more
  await Promise.all([store.close(), checkpoints.close()]);
  return { dir, file, key };
}

async function verify(file: string, pinned?: string) {
  const store = new SqliteEventStore(file);
  const checkpoints = new SqliteAuditCheckpointStore(file);
  try {
    const result = await verifyEventStore(store, await checkpoints.all(), pinned);
    return { ...result, codes: result.findings.map((f) => f.code) };
  } finally {
    await Promise.all([store.close(), checkpoints.close()]);
  }
}

/** A copy of the store, edited by hand with SQL. */
function edited(file: string, sql: string): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'fe-audit-copy-')), 'events.sqlite');
  copyFileSync(file, copy);
  const db = new DatabaseSync(copy);
  db.exec(sql);
  db.close();
  return copy;
}

/** Recomputes one stream's chain digests in place, in version order. */
function rechain(file: string, stream: string): string {
  const db = new DatabaseSync(file);
  let previous = GENESIS_DIGEST;
  for (const row of db
    .prepare('SELECT position, version, envelope FROM events WHERE stream = ? ORDER BY version')
    .all(stream) as { position: number; version: number; envelope: string }[]) {
    previous = chainDigest(previous, stream, BigInt(row.version), row.envelope);
    db.prepare('UPDATE events SET digest = ? WHERE position = ?').run(previous, row.position);
  }
  db.close();
  return file;
}

describe('tamper evidence: chain and signed checkpoints', () => {
  it('finds nothing on an untouched store; the key file is owner-only', async () => {
    const { file, key, dir } = await signedStore();
    const result = await verify(file, key.publicKeyPem);
    expect(result.codes).toEqual([]);
    expect(result).toMatchObject({ events: 5, checkpoints: 2, uncovered: 0, head: 5n });
    expect(statSync(join(dir, 'audit.key')).mode & 0o777).toBe(0o600);
  });

  it("finds a changed event, a removed one (inside a stream and at a stream's end), a reordered one, and removed checkpoints", async () => {
    const { file, key } = await signedStore();
    const changed = edited(file, `UPDATE events SET envelope = replace(envelope, '"n":1', '"n":2') WHERE position = 2`);
    expect((await verify(changed, key.publicKeyPem)).codes).toEqual(['CHAIN_BROKEN']);
    // The same edit with the stream's digests recomputed, as someone who knows the chain would: the signed root holds
    // it.
    const rechained = rechain(changed, 'a');
    expect((await verify(rechained, key.publicKeyPem)).codes).toEqual(['CHECKPOINT_MISMATCH', 'CHECKPOINT_MISMATCH']);
    const removedInside = edited(
      file,
      'DELETE FROM events WHERE position = 2; UPDATE events SET version = 1 WHERE position = 4',
    );
    expect((await verify(removedInside, key.publicKeyPem)).codes).toEqual(
      expect.arrayContaining(['CHAIN_BROKEN', 'CHECKPOINT_MISMATCH']),
    );
    const removedLast = edited(file, 'DELETE FROM events WHERE position = 5');
    expect((await verify(removedLast, key.publicKeyPem)).codes).toEqual(['CHECKPOINT_AHEAD_OF_STORE']);
    const reordered = edited(
      file,
      'UPDATE events SET version = 99 WHERE position = 1; UPDATE events SET version = 0 WHERE position = 2; UPDATE events SET version = 1 WHERE position = 1',
    );
    expect((await verify(reordered, key.publicKeyPem)).codes).toContain('CHAIN_BROKEN');
    const noCheckpoints = edited(file, 'DELETE FROM audit_checkpoints');
    expect((await verify(noCheckpoints, key.publicKeyPem)).codes).toEqual(['NO_CHECKPOINT']);
  });

  it('finds a checkpoint re-signed with another key, or whose statement was edited', async () => {
    const { file, key } = await signedStore();
    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }) as string;
    expect((await verify(file, other)).codes).toEqual([
      'CHECKPOINT_KEY_UNKNOWN',
      'CHECKPOINT_SIGNATURE_INVALID',
      'CHECKPOINT_KEY_UNKNOWN',
      'CHECKPOINT_SIGNATURE_INVALID',
    ]);
    const bumped = edited(file, 'UPDATE audit_checkpoints SET events = events + 1 WHERE seq = 1');
    expect((await verify(bumped, key.publicKeyPem)).codes).toEqual([
      'CHECKPOINT_SIGNATURE_INVALID',
      'CHECKPOINT_MISMATCH',
    ]);
  });
});
