import { describe, expect, it } from 'vitest';
import { closedLoop, durabilityGaps, formatRatio, formatRoundRatios, formatSpread, spread } from './rounds.ts';

describe('platform bench helpers', () => {
  it('spread: the median (lower middle of an even count), min and max, whatever the order', () => {
    expect(spread([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5 });
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2, min: 1, max: 4 });
    expect(spread([7])).toEqual({ median: 7, min: 7, max: 7 });
    expect(() => spread([])).toThrow(RangeError);
  });

  it('formats a spread and a ratio', () => {
    expect(formatSpread({ median: 12.345, min: 10, max: 20.5 }, 1)).toBe('12.3 [10.0–20.5]');
    expect([1234.5, 12.34, 0.4246, 0.001234].map(formatRatio)).toEqual(['1235×', '12.3×', '0.42×', '0.0012×']);
  });

  it("formatRoundRatios: the ratio of each round's pair, not the ratio of the medians", () => {
    // Medians 4 and 2 would give 2×; the rounds' own ratios are 1, 4 and 0.5.
    expect(formatRoundRatios([2, 4, 8], [2, 1, 16])).toBe('1.00× [0.50×–4.00×]');
    expect(() => formatRoundRatios([1], [1, 2])).toThrow(RangeError);
  });

  it('closedLoop: every caller awaits its own calls, all callers run at once, and they stop at the deadline', async () => {
    let inFlight = 0;
    let most = 0;
    let started = 0;
    const result = await closedLoop(
      async () => {
        started++;
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight--;
      },
      3,
      30,
    );
    expect(most).toBe(3);
    expect(result.calls).toBe(started);
    expect(result.calls).toBeGreaterThanOrEqual(3);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(30);
    expect(inFlight).toBe(0);
  });

  it('durabilityGaps: names each PostgreSQL setting that lets a returned commit be lost', () => {
    expect(durabilityGaps({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' })).toEqual([]);
    expect(durabilityGaps({ fsync: 'on', synchronous_commit: 'local', full_page_writes: 'on' })).toEqual([]);
    expect(durabilityGaps({ fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' })).toEqual([
      'fsync',
      'synchronous_commit',
      'full_page_writes',
    ]);
  });
});
