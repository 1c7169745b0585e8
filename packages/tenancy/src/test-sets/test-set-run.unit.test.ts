import { describe, expect, it } from 'vitest';
import { testSetDocumentKey, testSetIdForDocument, testSetLookup } from './test-set-run.ts';

describe('testSetIdForDocument', () => {
  const run = { runId: 'r1', testSetId: 'set-1' };

  it('gives the TestSetId to a document of the run, and to no other', () => {
    expect(testSetIdForDocument(run, testSetDocumentKey('r1', 3))).toBe('set-1');
    // another run whose id starts alike
    expect(testSetIdForDocument(run, testSetDocumentKey('r10', 3))).toBeUndefined();
    expect(testSetIdForDocument(run, 'my-own-key')).toBeUndefined();
    expect(testSetIdForDocument(run, undefined)).toBeUndefined();
    expect(testSetIdForDocument(undefined, testSetDocumentKey('r1', 0))).toBeUndefined();
  });

  it('gives none when the tenant gave no TestSetId', () => {
    expect(testSetIdForDocument({ runId: 'r1', testSetId: '' }, testSetDocumentKey('r1', 0))).toBeUndefined();
  });
});

describe('testSetLookup', () => {
  it("reads the tenant's run only for a document whose key is a run's", async () => {
    const reads: string[] = [];
    const lookup = testSetLookup({
      testSetRun: async (tenantId) => (reads.push(tenantId), { runId: 'r1', testSetId: 'set-1' }),
    });
    expect(await lookup('acme', { idempotencyKey: 'mine' })).toBeUndefined();
    expect(await lookup('acme', { idempotencyKey: undefined })).toBeUndefined();
    expect(reads).toEqual([]);
    expect(await lookup('acme', { idempotencyKey: testSetDocumentKey('r1', 0) })).toBe('set-1');
    expect(await lookup('acme', { idempotencyKey: testSetDocumentKey('r0', 0) })).toBeUndefined(); // an earlier run's
    expect(reads).toEqual(['acme', 'acme']);
  });
});
