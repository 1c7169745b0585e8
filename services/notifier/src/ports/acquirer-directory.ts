/**
 * DIAN's register of buyers (GetAcquirer, annex §9.1), asked for a reception address when the request gave no email.
 */
export interface AcquirerDirectory {
  /** Throws a retriable error when DIAN cannot be asked now. */
  receptionEmail(query: {
    tenantId: string;
    documentType: string;
    documentNumber: string;
  }): Promise<{ email: string | undefined; detail: string }>;
}
