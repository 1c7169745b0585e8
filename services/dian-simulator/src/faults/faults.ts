/**
 * Fault injection, so failure handling and reconciliation are tested over real HTTP: per request
 * (`?fault=…` or header `x-simulator-fault`) or globally (`globalFault`, `simulator.setGlobalFault`).
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
    case 'timeout':
    case 'http500':
    case 'http503':
    case 'untrusted-cert':
    case 'response-lost':
      return { kind: value };
    default:
      return undefined;
  }
}

export function faultText(fault: FaultSpec): string {
  return fault.kind === 'latency' ? `latency=${fault.ms}` : fault.kind;
}
