import { expect } from 'vitest';

type Looked = { nothingDueAt(now: Date): boolean; due(now: Date, limit: number): Promise<unknown[]> };

/**
 * A schedule may say "not known" at will, never "nothing is due" where a look finds a row: checked at each instant
 * (ms, through `t`) given to the check it returns.
 */
export function honestAboutNothingDue(s: Looked, t: (ms: number) => Date): (...instants: number[]) => Promise<void> {
  return async (...instants) => {
    for (const at of instants) if (s.nothingDueAt(t(at))) expect(await s.due(t(at), 10), `at ${at}`).toEqual([]);
  };
}
