import { describe, expect, it } from 'vitest';
import { colombiaDateTime } from '@fe/dian-domain';
import { colombiaSigningTime } from './signing-time.ts';

describe('colombiaSigningTime', () => {
  it('writes Colombian time with milliseconds and -05:00', () => {
    expect(colombiaSigningTime(new Date('2025-03-10T15:15:03.123Z'))).toBe('2025-03-10T10:15:03.123-05:00');
  });

  it('keeps the Colombian date around UTC midnight, as cbc:IssueDate does (FAD09e)', () => {
    const instant = new Date('2025-03-11T03:30:00.000Z');
    expect(colombiaSigningTime(instant).slice(0, 10)).toBe('2025-03-10');
    expect(colombiaSigningTime(instant).slice(0, 10)).toBe(colombiaDateTime(instant).date);
  });
});
