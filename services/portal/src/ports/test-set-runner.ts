/** Where one tenant's habilitación run stands. */
export type TestSetProgress = {
  state: 'running' | 'passed' | 'failed';
  total: number;
  /** Invoices the service accepted for sending so far. */
  sent: number;
  accepted: number;
  /** Each rejection with DIAN's words (or the reason an invoice could not be issued). */
  rejected: { number: string; message: string }[];
};

/**
 * Sends a tenant's habilitación set and follows each document to DIAN's verdict; records
 * `TestSetPassed` (tenant commands) when every one is accepted. Filled by a composition root,
 * which issues the documents through the service's own API with the tenant's test key.
 *
 *   await runner.start('acme', { testSetId, actor: 'portal:ana@acme.co' });  // returns at once
 *   await runner.progress('acme');   // { state: 'running', total: 2, sent: 1, accepted: 0, rejected: [] }
 */
export interface TestSetRunner {
  /** Starts a run unless one is running for the tenant; returns before the documents are sent. */
  start(tenantId: string, options: { testSetId: string; actor: string }): Promise<void>;
  /** The latest run of the tenant (whichever process started it); undefined when none. */
  progress(tenantId: string): Promise<TestSetProgress | undefined>;
}
