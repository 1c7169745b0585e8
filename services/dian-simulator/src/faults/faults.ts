/**
 * Fault injection, so the client's failure handling and later reconciliation can be tested
 * against real HTTP: per request (query `?fault=…` on the endpoint URL, or the header
 * `x-simulator-fault`) or globally (config `globalFault`, or `simulator.setGlobalFault`).
 *
 *   latency=<ms>     answer normally after a delay
 *   timeout          never answer (the connection is held until the client gives up or the server closes)
 *   http500          HTTP 500 with an empty body (IIS-style, no SOAP fault)
 *   http503          HTTP 503 Service Unavailable
 *   untrusted-cert   the SOAP fault DIAN sends for an untrusted WS-Security certificate (sample)
 *   response-lost    process the document (it is stored as DIAN would), then drop the connection
 */
export type FaultSpec =
  | { kind: 'latency'; ms: number }
  | { kind: 'timeout' }
  | { kind: 'http500' }
  | { kind: 'http503' }
  | { kind: 'untrusted-cert' }
  | { kind: 'response-lost' };

const MAX_LATENCY_MS = 120_000;

/** Parses `latency=250`, `timeout`, …; undefined for an empty or unknown value. */
export function parseFault(text: string | null | undefined): FaultSpec | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  const latency = /^latency=(\d{1,6})$/.exec(value);
  if (latency) return { kind: 'latency', ms: Math.min(Number(latency[1]), MAX_LATENCY_MS) };
  switch (value) {
    case 'timeout': case 'http500': case 'http503': case 'untrusted-cert': case 'response-lost':
      return { kind: value };
    default:
      return undefined;
  }
}

export function faultText(fault: FaultSpec): string {
  return fault.kind === 'latency' ? `latency=${fault.ms}` : fault.kind;
}
