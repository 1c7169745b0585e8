/**
 * DIAN's register of buyers (GetAcquirer, annex §9.1): the reception address a buyer registered,
 * asked when the request gave no email. Filled by the composition root with the SOAP client.
 *
 *   const found = await acquirers.receptionEmail({ tenantId: 'demo', documentType: '31', documentNumber: '900108281' });
 *   // { email: 'recepcion@cliente.example' } | { email: undefined, detail: 'no email registered' }
 */
export interface AcquirerDirectory {
  /** Throws a retriable error when DIAN cannot be asked now. */
  receptionEmail(query: { tenantId: string; documentType: string; documentNumber: string }): Promise<{ email: string | undefined; detail: string }>;
}
