/**
 * A tenant's habilitación run, kept in the registry so every process sees the same one (docs/portal.md, "The
 * habilitación run"). One run per tenant: a new run replaces the last.
 */
export type TestSetRun = {
  /** Random; the run's documents are issued with Idempotency-Keys built from it (testSetDocumentKey). */
  runId: string;
  /**
   * Random per claim: a process that lost the run to a takeover (its lease ended while it stalled) can no longer write
   * it.
   */
  holder: string;
  /** The TestSetId DIAN gave the software; '' when the tenant gave none (the documents then go with SendBillSync). */
  testSetId: string;
  /** Who started it (`portal:<email>`), for the TestSetPassed audit event. */
  actor: string;
  startedAt: Date;
  /**
   * Until when the process following the run holds it: it renews the lease while it works; past it another process may
   * take the run over.
   */
  leaseUntil: Date;
  state: 'running' | 'passed' | 'failed';
  /** Documents the run issues. */
  total: number;
  /** Invoices the service accepted for sending so far. */
  sent: number;
  accepted: number;
  /** Each rejection with DIAN's words (or the reason an invoice could not be issued). */
  rejected: { number: string; message: string }[];
};

const KEY_PREFIX = 'fe-test-set:';

/**
 * The Idempotency-Key of the run's document `index`: what marks it as the run's for the submitter, and makes a re-issue
 * after a takeover return the same invoice.
 */
export const testSetDocumentKey = (runId: string, index: number) => `${KEY_PREFIX}${runId}:${index}`;

/**
 * The TestSetId a document goes with: the run's, for a document of the current run; otherwise undefined
 * (SendBillSync), so other invoices issued meanwhile are not counted.
 */
export function testSetIdForDocument(
  run: Pick<TestSetRun, 'runId' | 'testSetId'> | undefined,
  idempotencyKey: string | undefined,
): string | undefined {
  if (!run || !run.testSetId || !idempotencyKey) return undefined;
  return idempotencyKey.startsWith(`${KEY_PREFIX}${run.runId}:`) ? run.testSetId : undefined;
}

/** The run as stored (JSON, instants as ISO text) and back. */
export const testSetRunToJson = (run: TestSetRun): string => JSON.stringify(run);
export function testSetRunFromJson(text: string): TestSetRun {
  const stored = JSON.parse(text) as TestSetRun & { startedAt: string; leaseUntil: string };
  return { ...stored, startedAt: new Date(stored.startedAt), leaseUntil: new Date(stored.leaseUntil) };
}

/**
 * The submitter's `testSetFor` over the registry, in both shapes: a document whose Idempotency-Key
 * is not a run's is answered without a read; a run's document, from the tenant's current run.
 */
export function testSetLookup(registry: {
  testSetRun(tenantId: string): Promise<Pick<TestSetRun, 'runId' | 'testSetId'> | undefined>;
}) {
  return async (tenantId: string, document: { idempotencyKey: string | undefined }): Promise<string | undefined> =>
    document.idempotencyKey?.startsWith(KEY_PREFIX)
      ? testSetIdForDocument(await registry.testSetRun(tenantId), document.idempotencyKey)
      : undefined;
}
