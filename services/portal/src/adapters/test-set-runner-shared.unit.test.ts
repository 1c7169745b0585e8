// The habilitación run lives in the tenant registry, not in a portal process's memory: two runners
// on one registry file stand for two portal processes (or one process and the same one restarted).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { createLogger, SqliteEventStore } from '@fe/platform';
import {
  createTenantCommands,
  SqliteTenantDirectory,
  testSetDocumentKey,
  testSetIdForDocument,
  type TenantRegistry,
} from '@fe/tenancy';
import { afterEach, expect, it } from 'vitest';
import type { IssueThroughApi } from '../ports/issue-through-api.ts';
import { createPipelineTestSetRunner } from './test-set-runner.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; !(await done()); i++) {
    if (i > 2_000) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

it('two portal processes show one run; when the one following it stalls past its lease, the other takes it over with the same documents', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'fe-test-set-run-')), 'tenants.sqlite');
  const masterKey = randomBytes(32);
  let now = new Date('2026-03-10T12:00:00Z');
  const open = () => new SqliteTenantDirectory({ path, masterKey, now: () => now });
  const registries: TenantRegistry[] = [open(), open()];
  const events = new SqliteEventStore(':memory:');
  closers.push(async () => {
    for (const r of registries) await r.close();
    await events.close();
  });
  await registries[0]!.createTenant({
    tenant: demoTenant,
    environment: '2',
    software: demoSoftware,
    resolutions: [demoResolution],
    activeResolutionId: demoResolution.id,
  });
  await registries[0]!.issueApiKey(demoTenant.id);

  // The API as the ingress answers an Idempotency-Key: the same invoice again for the same key.
  const invoices = new Map<string, { cufe: string; number: string }>();
  const keysSent: string[] = [];
  let resumeStalled: (() => void) | undefined;
  const api =
    (stall: boolean): IssueThroughApi =>
    async (_apiKey, _document, key) => {
      keysSent.push(key);
      if (stall)
        await new Promise<void>((resume) => {
          resumeStalled = resume;
        });
      if (!invoices.has(key))
        invoices.set(key, { cufe: String(invoices.size).repeat(96), number: `SETP${990000000 + invoices.size}` });
      return { status: 202, body: invoices.get(key)! };
    };
  const runner = (registry: TenantRegistry, stall: boolean) =>
    createPipelineTestSetRunner({
      issue: api(stall),
      registry,
      commands: createTenantCommands({ registry, events, clock: { now: () => now } }),
      statusStore: { findByCufe: async () => ({ status: 'accepted' }) as never },
      logger: createLogger({ level: 'silent' }),
      now: () => now,
      documents: 2,
      timeoutMs: 60_000,
      leaseMs: 30_000,
      pollMs: 1,
    });
  const first = runner(registries[0]!, true);
  const second = runner(registries[1]!, false);

  await first.start(demoTenant.id, { testSetId: 'set-1', actor: 'portal:ana@demo.co' });
  await until(() => resumeStalled !== undefined);
  // The other process sees the run, and the submitter's lookup sends its documents to the set.
  expect(await second.progress(demoTenant.id)).toEqual({
    state: 'running',
    total: 2,
    sent: 0,
    accepted: 0,
    rejected: [],
  });
  const run = (await registries[1]!.testSetRun(demoTenant.id))!;
  expect(testSetIdForDocument(run, keysSent[0])).toBe('set-1');
  await second.start(demoTenant.id, { testSetId: 'set-1', actor: 'portal:ana@demo.co' }); // refused: the first holds it
  expect((await registries[1]!.testSetRun(demoTenant.id))!.runId).toBe(run.runId);

  now = new Date(now.getTime() + 31_000); // the first process stalled past its lease
  await until(async () => (await second.progress(demoTenant.id))?.state === 'passed');
  expect(keysSent).toEqual([
    testSetDocumentKey(run.runId, 0),
    testSetDocumentKey(run.runId, 0),
    testSetDocumentKey(run.runId, 1),
  ]);
  expect(invoices.size).toBe(2); // the re-issued document is the invoice the API already made

  resumeStalled!(); // the first process wakes: the run is no longer its own, it writes nothing
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await first.progress(demoTenant.id)).toEqual({
    state: 'passed',
    total: 2,
    sent: 2,
    accepted: 2,
    rejected: [],
  });
  const passed = (
    await createTenantCommands({ registry: registries[0]!, events, clock: { now: () => now } }).history(demoTenant.id)
  ).filter((e) => e.data.change === 'TestSetPassed');
  expect(passed).toHaveLength(1);
});
