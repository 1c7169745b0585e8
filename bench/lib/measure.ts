/**
 * Timing on a shared, noisy machine: warm-up, calibrated rounds, the median round's cost per call. Only ratios to
 * a baseline from the same run mean anything.
 */
export type Measurement = { name: string; perCallMs: number; rounds: number; callsPerRound: number };

export type MeasureOptions = { rounds?: number; roundMs?: number };

export function measure(name: string, fn: () => unknown, options: MeasureOptions = {}): Measurement {
  const plan = timingPlan(name, options);
  for (let step = plan.next(); ;) {
    if (step.done) return step.value;
    const start = process.hrtime.bigint();
    for (let i = 0; i < step.value; i++) fn();
    step = plan.next(Number(process.hrtime.bigint() - start) / 1e6);
  }
}

/** `measure` for a promise: the calls of a round awaited one after another. */
export async function measureAsync(
  name: string,
  fn: () => Promise<unknown>,
  options: MeasureOptions = {},
): Promise<Measurement> {
  const plan = timingPlan(name, options);
  for (let step = plan.next(); ;) {
    if (step.done) return step.value;
    const start = process.hrtime.bigint();
    for (let i = 0; i < step.value; i++) await fn();
    step = plan.next(Number(process.hrtime.bigint() - start) / 1e6);
  }
}

/** Yields how many calls to time next and takes back how long they took (ms): warm-up, calibration, rounds. */
function* timingPlan(name: string, options: MeasureOptions): Generator<number, Measurement, number> {
  const rounds = options.rounds ?? 7;
  const roundMs = options.roundMs ?? 150;
  yield 20; // warm-up: JIT, caches
  let calls = 1;
  for (;;) {
    const elapsedMs = yield calls;
    if (elapsedMs >= roundMs / 4) {
      calls = Math.max(1, Math.round((calls * roundMs) / elapsedMs));
      break;
    }
    calls *= 2;
  }
  const perCall: number[] = [];
  for (let r = 0; r < rounds; r++) perCall.push((yield calls) / calls);
  perCall.sort((a, b) => a - b);
  return { name, perCallMs: perCall[Math.floor(rounds / 2)]!, rounds, callsPerRound: calls };
}

export function printTable(
  rows: { name: string; perCallMs: number; ratio?: number; note?: string }[],
  baselineName: string,
): void {
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'case'.padEnd(width)}  ${'ms/op'.padStart(10)}  ${('× ' + baselineName).padStart(24)}`);
  for (const r of rows) {
    const ratio = r.ratio === undefined ? '' : r.ratio.toFixed(2);
    console.log(
      `${r.name.padEnd(width)}  ${r.perCallMs.toFixed(4).padStart(10)}  ${ratio.padStart(24)}${r.note ? '  ' + r.note : ''}`,
    );
  }
}
