import { describe, expect, it } from 'vitest';
import { colombiaDateTime } from './colombia-time.ts';

describe('colombiaDateTime', () => {
  it('shifts to -05:00 and drops milliseconds', () => {
    expect(colombiaDateTime(new Date('2025-03-10T15:15:00.987Z'))).toEqual({
      date: '2025-03-10',
      time: '10:15:00-05:00',
      iso: '2025-03-10T10:15:00-05:00',
      isoMillis: '2025-03-10T10:15:00.987-05:00',
    });
  });
  it('crosses midnight backwards (UTC early morning is the previous Colombian day)', () => {
    expect(colombiaDateTime(new Date('2026-01-01T04:59:59Z')).date).toBe('2025-12-31');
    expect(colombiaDateTime(new Date('2026-01-01T05:00:00Z')).date).toBe('2026-01-01');
    expect(colombiaDateTime(new Date('2025-03-11T03:30:00.000Z')).isoMillis).toBe('2025-03-10T22:30:00.000-05:00');
  });
  it('refuses an invalid date', () => {
    expect(() => colombiaDateTime(new Date('nope'))).toThrow(RangeError);
  });
});
