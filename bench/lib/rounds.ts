/**
 * Pure helpers of the platform bench (platform.bench.ts): the spread of a few rounds, a closed loop
 * of concurrent callers, and the PostgreSQL settings a durable run needs. Timings are never asserted.
 */
export type Spread = { median: number; min: number; max: number };

/** Median (the lower middle of an even count), min and max of the rounds' values. */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new RangeError('spread needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** `123.4 [110.2–130.9]`: the median and the rounds' range, `digits` decimals. */
export function formatSpread(s: Spread, digits = 0): string {
  return `${s.median.toFixed(digits)} [${s.min.toFixed(digits)}–${s.max.toFixed(digits)}]`;
}

/** A ratio with the digits that matter: `1234×`, `12.3×`, `0.42×`, `0.0012×`. */
export function formatRatio(ratio: number): string {
  const digits =
    ratio >= 100
      ? ratio.toFixed(0)
      : ratio >= 10
        ? ratio.toFixed(1)
        : ratio >= 0.1
          ? ratio.toFixed(2)
          : ratio.toPrecision(2);
  return `${digits}×`;
}

/** Each round's real ÷ twin (the arms measured in the same round), as `median× [min×–max×]`. */
export function formatRoundRatios(real: readonly number[], twin: readonly number[]): string {
  if (real.length !== twin.length) throw new RangeError('one value per round on each side');
  const s = spread(real.map((value, i) => value / twin[i]!));
  return `${formatRatio(s.median)} [${formatRatio(s.min)}–${formatRatio(s.max)}]`;
}

/**
 * `callers` loops, each awaiting `op()` again and again until `durationMs` has passed; the calls finished and the time
 * they took. A caller starts no call after the deadline, so the elapsed time includes the last calls' tails.
 */
export async function closedLoop(
  op: () => Promise<unknown>,
  callers: number,
  durationMs: number,
): Promise<{ calls: number; elapsedMs: number }> {
  let calls = 0;
  const start = performance.now();
  const deadline = start + durationMs;
  const caller = async () => {
    while (performance.now() < deadline) {
      await op();
      calls++;
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  return { calls, elapsedMs: performance.now() - start };
}

/** The PostgreSQL settings that are off yet needed for a returned append to survive a power cut. */
export function durabilityGaps(settings: {
  fsync: string;
  synchronous_commit: string;
  full_page_writes: string;
}): string[] {
  const gaps: string[] = [];
  if (settings.fsync !== 'on') gaps.push('fsync');
  if (settings.synchronous_commit === 'off') gaps.push('synchronous_commit');
  if (settings.full_page_writes !== 'on') gaps.push('full_page_writes');
  return gaps;
}
