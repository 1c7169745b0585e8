import { describe, expect, it } from 'vitest';
import { StepCpu } from './step-cpu.ts';

describe('StepCpu', () => {
  it("gives back the step's value and its error, timed or not", async () => {
    for (const timed of [true, false]) {
      const steps = new StepCpu({ timed });
      expect(steps.time('a', () => 42)).toBe(42);
      expect(await steps.timeAsync('b', async () => 'x')).toBe('x');
      expect(() =>
        steps.time('c', () => {
          throw new RangeError('no');
        }),
      ).toThrow(RangeError);
      await expect(steps.timeAsync('d', () => Promise.reject(new TypeError('no')))).rejects.toThrow(TypeError);
    }
  });

  it('lists the timed steps once each, in the order they first ran, and nothing when not timed', async () => {
    const timed = new StepCpu({ timed: true });
    const plain = new StepCpu({ timed: false });
    for (const steps of [timed, plain]) {
      steps.time('build', () => undefined);
      await steps.timeAsync('commit', async () => undefined);
      steps.time('build', () => undefined);
    }
    expect(timed.perUnit(2).map((r) => r.name)).toEqual(['build', 'commit']);
    expect(plain.perUnit(2)).toEqual([]);
  });

  it('takes the calibrated cost of a reading off every call, never below zero', () => {
    const steps = new StepCpu({ timed: true });
    expect(steps.calibrate()).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < 50; i++) steps.time('empty', () => undefined);
    const [empty] = steps.perUnit(50);
    expect(empty!.micros).toBeGreaterThanOrEqual(0);
  });
});
