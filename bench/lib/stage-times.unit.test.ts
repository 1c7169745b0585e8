import { describe, expect, it } from 'vitest';
import { stageGaps, timelines, type StepEvent } from './stage-times.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, 0, ms)).toISOString();
const t0 = Date.parse(at(0));
const flow = (stream: string, start: number, gaps: number[], cufe?: string): StepEvent[] =>
  ['InvoiceRequested', 'InvoiceSigned', 'InvoiceSubmitted', 'InvoiceAccepted', 'InvoiceRendered']
    .slice(0, gaps.length + 1)
    .map((type, i) => ({
      stream,
      type,
      recordedAt: at(start + gaps.slice(0, i).reduce((a, b) => a + b, 0)),
      ...(i === 0 && cufe ? { cufe } : {}),
    }));

describe('stage times', () => {
  it('keeps only the invoices requested at or after the burst started', () => {
    const lines = timelines([...flow('warm-up', 0, [5]), ...flow('burst', 100, [5])], t0 + 100);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.get('InvoiceRequested')).toBe(t0 + 100);
  });

  it('gives each consecutive gap its count, p50 and p90, skipping steps an invoice has not reached', () => {
    const events = [...flow('a', 0, [10, 1, 20, 30]), ...flow('b', 0, [20, 1, 40, 30]), ...flow('c', 0, [30, 1])];
    const gaps = stageGaps(timelines(events, t0));
    expect(gaps.map((g) => [g.from, g.to, g.count, g.p50])).toEqual([
      ['InvoiceRequested', 'InvoiceSigned', 3, 20],
      ['InvoiceSigned', 'InvoiceSubmitted', 3, 1],
      ['InvoiceSubmitted', 'InvoiceAccepted', 2, 40],
      ['InvoiceAccepted', 'InvoiceRendered', 2, 30],
    ]);
    expect(gaps[0]!.p90).toBe(30);
  });

  it('takes the first recording of a step delivered twice, and adds the answer by the invoice cufe', () => {
    const events = [
      ...flow('a', 0, [10, 1, 20, 30], 'c'.repeat(96)),
      { stream: 'a', type: 'InvoiceSigned', recordedAt: at(500) },
    ];
    const [line] = timelines(events, t0, new Map([['c'.repeat(96), t0 + 70]]));
    expect(line!.get('InvoiceSigned')).toBe(t0 + 10);
    expect(stageGaps([line!]).at(-1)).toMatchObject({ from: 'InvoiceRendered', to: 'answered', p50: 9 });
  });
});
