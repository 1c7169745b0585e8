import { describe, expect, it } from 'vitest';
import { TraceContextLedger } from './trace-context-ledger.ts';

const context = (n: number) => ({ traceparent: `00-${String(n).padStart(32, '0')}-${'1'.padStart(16, '0')}-01` });

describe('TraceContextLedger', () => {
  it('keeps the context of each event until it is forgotten', () => {
    const ledger = new TraceContextLedger();
    ledger.record(['a', 'b'], context(1));
    expect(ledger.headersFor('a')).toEqual(context(1));
    ledger.forget(['a']);
    expect(ledger.headersFor('a')).toBeUndefined();
    expect(ledger.headersFor('b')).toEqual(context(1));
  });

  it('records nothing without a traceparent (no span was active: telemetry off)', () => {
    const ledger = new TraceContextLedger();
    ledger.record(['a'], {});
    expect(ledger.size).toBe(0);
  });

  it('forgets the oldest past its capacity, so appends another process publishes cannot fill memory', () => {
    const ledger = new TraceContextLedger(2);
    ledger.record(['a'], context(1));
    ledger.record(['b'], context(2));
    ledger.record(['c'], context(3));
    expect([ledger.headersFor('a'), ledger.headersFor('b'), ledger.headersFor('c')]).toEqual([undefined, context(2), context(3)]);
    expect(ledger.size).toBe(2);
  });
});
