// The recorded CPU budget (bench/cpu-budget.json) and the verdict on a measured figure: a rise past the margin fails
// the test line; a fall is only reported, since recording it is a deliberate step (docs/benchmarks.md).
import { readFileSync, writeFileSync } from 'node:fs';

export type CpuBudget = {
  /** The embedded service's CPU per accepted invoice, in RSA-2048 signatures measured in the same run. */
  signaturesPerInvoice: number;
  /** How far above the figure a run may land, as a fraction (0.5: up to 1.5 × the figure). */
  margin: number;
  /** The load each run applies: `measureEmbeddedCpu`'s options. */
  load: { seconds: number; concurrency: number; warmupMs: number };
  /** How the figure and the margin were had, for whoever updates them. */
  recorded: { at: string; commit: string; runs: number[]; note: string };
};

const budgetFile = new URL('../cpu-budget.json', import.meta.url);

export function readBudget(file: URL = budgetFile): CpuBudget {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuBudget;
}

export function writeBudget(budget: CpuBudget, file: URL = budgetFile): void {
  writeFileSync(file, `${JSON.stringify(budget, null, 2)}\n`);
}

export type Verdict = { pass: boolean; limit: number; text: string };

/** Within the budget when `signatures` ≤ the recorded figure × (1 + margin). */
export function judgeCpu(signatures: number, budget: Pick<CpuBudget, 'signaturesPerInvoice' | 'margin'>): Verdict {
  const limit = budget.signaturesPerInvoice * (1 + budget.margin);
  const ratio = signatures / budget.signaturesPerInvoice;
  const measured = `${signatures.toFixed(1)} RSA-2048 signatures of CPU per accepted invoice, ${ratio.toFixed(2)} × the recorded ${budget.signaturesPerInvoice.toFixed(1)}`;
  if (signatures > limit)
    return {
      pass: false,
      limit,
      text: `${measured}: past the limit of ${limit.toFixed(1)} (margin ${(budget.margin * 100).toFixed(0)} %). A change made each invoice cost more CPU; find it (pnpm bench:service prints the cost by thread) or, if the cost is meant, record it: pnpm bench:budget --record`,
    };
  const lower = ratio < 1 / (1 + budget.margin);
  return {
    pass: true,
    limit,
    text: `${measured}: within the limit of ${limit.toFixed(1)}${lower ? '; well below the figure: record the new one (pnpm bench:budget --record) so the next rise is caught' : ''}`,
  };
}

/**
 * The check: a run past the limit is measured once more and the lower figure judged, so one run disturbed by a
 * burst of other work on the machine does not fail it, while a real rise fails both.
 */
export async function checkBudget(
  measure: () => Promise<number>,
  budget: Pick<CpuBudget, 'signaturesPerInvoice' | 'margin'>,
  attempts = 2,
): Promise<Verdict & { runs: number[] }> {
  const runs: number[] = [];
  for (;;) {
    runs.push(await measure());
    const verdict = judgeCpu(Math.min(...runs), budget);
    if (verdict.pass || runs.length >= attempts) return { ...verdict, runs };
  }
}

/** The figure to record from several runs: their median, so one disturbed run does not set it. */
export function medianOf(runs: number[]): number {
  const sorted = [...runs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
