import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateAuditKey, verifyEventStore } from '@fe/platform';
import { auditCheckpointContract, sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresAuditCheckpointStore } from './postgres-audit-checkpoint-store.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { freshTestSchema, type TestSchema } from '../test-support/test-schema.ts';

let db: TestSchema;
const schemas: TestSchema[] = [];
beforeAll(async () => {
  db = await freshTestSchema();
});
afterAll(async () => {
  await db?.drop();
  for (const schema of schemas) await schema.drop();
});

const key = loadOrCreateAuditKey(join(mkdtempSync(join(tmpdir(), 'fe-key-')), 'audit.key'));
// Each case on a schema of its own: the suite's factory gives fresh, empty storage.
auditCheckpointContract(
  'postgres',
  async () => {
    const fresh = await freshTestSchema();
    schemas.push(fresh);
    return { events: new PostgresEventStore(fresh.pool), checkpoints: new PostgresAuditCheckpointStore(fresh.pool) };
  },
  () => key,
);

it('finds an event edited in the database by hand: the chain computed by append_events no longer follows', async () => {
  const store = new PostgresEventStore(db.pool);
  const s = `tampered-${Date.now()}`;
  await store.append(
    s,
    [sampleEnvelope(s, 'InvoiceRequested'), sampleEnvelope(s, 'InvoiceSigned'), sampleEnvelope(s, 'InvoiceAccepted')],
    'no_stream',
  );
  const clean = await verifyEventStore(store, []);
  expect(clean.findings.filter((f) => f.subject === s)).toEqual([]);
  await db.pool.query(
    `UPDATE events SET envelope = json_build_object('id', envelope->>'id', 'type', 'InvoiceRejected') WHERE stream = $1 AND version = 1`,
    [s],
  );
  const walk = await verifyEventStore(store, []);
  expect(walk.findings.filter((f) => f.subject === s).map((f) => f.code)).toEqual(['CHAIN_BROKEN']);
});
