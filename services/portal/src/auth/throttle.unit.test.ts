import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './throttle.ts';

describe('LoginThrottle', () => {
  it('locks an email after its failures within the window, whether or not it has an account, until they age out', () => {
    const throttle = new LoginThrottle({ maxFailures: 3, windowMs: 60_000, postsPerMinute: 100 });
    for (const at of [0, 1_000, 2_000]) {
      expect(throttle.isLocked('a@b.co', at)).toBe(false);
      throttle.recordFailure('a@b.co', at);
    }
    expect(throttle.isLocked('a@b.co', 3_000)).toBe(true);
    expect(throttle.isLocked('other@b.co', 3_000)).toBe(false);
    expect(throttle.isLocked('a@b.co', 60_500)).toBe(false); // the first failure left the window
    throttle.recordSuccess('a@b.co');
    expect(throttle.isLocked('a@b.co', 3_000)).toBe(false);
  });

  it('allows postsPerMinute posts per address in a minute, then refuses until the next minute', () => {
    const throttle = new LoginThrottle({ maxFailures: 3, windowMs: 60_000, postsPerMinute: 2 });
    expect([0, 1, 2].map((at) => throttle.allowPost('10.0.0.1', at))).toEqual([true, true, false]);
    expect(throttle.allowPost('10.0.0.2', 3)).toBe(true);
    expect(throttle.allowPost('10.0.0.1', 60_001)).toBe(true);
  });
});
