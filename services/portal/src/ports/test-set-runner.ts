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
 * Sends a tenant's habilitación set and follows each document to DIAN's verdict; `start` returns at once.
 */
export interface TestSetRunner {
  /** Starts a run unless one is running for the tenant; returns before the documents are sent. */
  start(tenantId: string, options: { testSetId: string; actor: string }): Promise<void>;
  /** The latest run of the tenant (whichever process started it); undefined when none. */
  progress(tenantId: string): Promise<TestSetProgress | undefined>;
}
