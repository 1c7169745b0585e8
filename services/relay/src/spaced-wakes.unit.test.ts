import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spacedWakes } from './spaced-wakes.ts';

describe('spacedWakes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wakes at once after a quiet spell, then gathers the notifications of the spacing into one wake at its end', () => {
    const wake = vi.fn();
    const wakes = spacedWakes(wake, 150, () => Date.now());
    wakes.notify();
    expect(wake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(40);
    wakes.notify();
    vi.advanceTimersByTime(50);
    wakes.notify();
    expect(wake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59);
    expect(wake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(wake).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(wake).toHaveBeenCalledTimes(2);
    wakes.notify();
    expect(wake).toHaveBeenCalledTimes(3);
  });

  it('drops a pending wake when closed', () => {
    const wake = vi.fn();
    const wakes = spacedWakes(wake, 150, () => Date.now());
    wakes.notify();
    wakes.notify();
    wakes.close();
    vi.advanceTimersByTime(1000);
    expect(wake).toHaveBeenCalledTimes(1);
  });
});
