import { describe, expect, it } from 'vitest';
import { startCpuHog } from './cpu-hog.ts';

describe('startCpuHog', () => {
  it('keeps a busy process per core until stopped, then none is left', async () => {
    const hog = startCpuHog(2);
    try {
      if (process.env.FE_TEST_CPU_HOG === '0') return expect(hog.pids).toEqual([]);
      expect(hog.pids).toHaveLength(2);
      for (const pid of hog.pids) expect(() => process.kill(pid, 0)).not.toThrow();
    } finally {
      await hog.stop();
    }
    for (const pid of hog.pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});
