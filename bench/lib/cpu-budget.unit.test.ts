import { describe, expect, it } from 'vitest';
import { checkBudget, judgeCpu, medianOf, readBudget } from './cpu-budget.ts';

describe('judgeCpu', () => {
  const budget = { signaturesPerInvoice: 60, margin: 0.5 };

  it('passes up to the figure × (1 + margin) and fails past it', () => {
    expect(judgeCpu(60, budget).pass).toBe(true);
    expect(judgeCpu(90, budget)).toMatchObject({ pass: true, limit: 90 });
    expect(judgeCpu(90.1, budget).pass).toBe(false);
  });

  it('fails the rise the last weeks brought (3 × the CPU per invoice), with what to do in its text', () => {
    const verdict = judgeCpu(180, budget);
    expect(verdict.pass).toBe(false);
    expect(verdict.text).toContain('3.00 × the recorded 60.0');
    expect(verdict.text).toContain('pnpm bench:budget --record');
  });

  it('passes a fall but asks for the lower figure to be recorded', () => {
    expect(judgeCpu(50, budget).text).not.toContain('--record');
    const fall = judgeCpu(20, budget);
    expect(fall.pass).toBe(true);
    expect(fall.text).toContain('pnpm bench:budget --record');
  });
});

describe('checkBudget', () => {
  const budget = { signaturesPerInvoice: 60, margin: 0.5 };
  const runs = (...figures: number[]) => {
    const left = [...figures];
    return async () => left.shift()!;
  };

  it('measures once when the run is within the limit', async () => {
    expect(await checkBudget(runs(70, 200), budget)).toMatchObject({ pass: true, runs: [70] });
  });

  it('measures again after a run past the limit, and passes when the second is within it', async () => {
    expect(await checkBudget(runs(120, 80), budget)).toMatchObject({ pass: true, runs: [120, 80] });
  });

  it('fails when both runs are past the limit, judging the lower', async () => {
    const verdict = await checkBudget(runs(190, 170), budget);
    expect(verdict).toMatchObject({ pass: false, runs: [190, 170] });
    expect(verdict.text).toContain('170.0 RSA-2048 signatures');
  });
});

describe('the recorded budget', () => {
  it('would fail a 3 × rise over its own figure (the margin stays under 200 %)', () => {
    const recorded = readBudget();
    expect(judgeCpu(recorded.signaturesPerInvoice * 3, recorded).pass).toBe(false);
    expect(judgeCpu(recorded.signaturesPerInvoice, recorded).pass).toBe(true);
  });
});

describe('medianOf', () => {
  it('takes the middle run, or the mean of the two middle ones', () => {
    expect(medianOf([70, 50, 60])).toBe(60);
    expect(medianOf([50, 60, 90, 70])).toBe(65);
  });
});
