import { describe, expect, it } from 'vitest';
import { withinDeadline } from './deadline.ts';

describe('withinDeadline', () => {
  it('passes a prompt result and a prompt failure through', async () => {
    await expect(withinDeadline(5_000, 'read', async () => 42)).resolves.toBe(42);
    const failure = new Error('refused');
    await expect(withinDeadline(5_000, 'read', () => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('gives up on work that never settles with a retriable STORE_UNAVAILABLE, and tells the work it expired', async () => {
    let expired: () => boolean = () => false;
    const never = withinDeadline(20, 'read $all', (isExpired) => {
      expired = isExpired;
      return new Promise<never>(() => {});
    });
    await expect(never).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
    expect(expired()).toBe(true);
  });

  it("swallows the abandoned work's later failure instead of leaving it unhandled", async () => {
    let fail: (error: Error) => void = () => {};
    const late = withinDeadline(
      20,
      'append',
      () =>
        new Promise<never>((_, reject) => {
          fail = reject;
        }),
    );
    await expect(late).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    fail(new Error('the answer that came too late'));
    await new Promise((resolve) => setImmediate(resolve)); // an unhandled rejection would fail the run here
  });
});
