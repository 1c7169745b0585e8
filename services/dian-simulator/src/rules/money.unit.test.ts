import { describe, expect, it } from 'vitest';
import { cents, productCents } from './money.ts';

describe('simulator money', () => {
  it('reads amounts in cents, half-up from up to six decimals, and refuses what is not a decimal', () => {
    expect([
      cents('100'),
      cents('0.005'),
      cents('0.004999'),
      cents('-1.235'),
      cents('1e3'),
      cents('1.1234567'),
    ]).toEqual([10000n, 1n, 0n, -124n, undefined, undefined]);
  });

  it('multiplies price by quantity exactly, then rounds half-up to cents', () => {
    expect(productCents('50000.00', '2.00')).toBe(10_000_000n);
    expect(productCents('333.33', '1.5')).toBe(50000n); // 499.995 → 500.00
    expect(productCents('0.333333', '3')).toBe(100n); // 0.999999 → 1.00
    expect(productCents('0.01', '0.000001')).toBe(0n);
    expect(productCents('10.00', '-2')).toBe(-2000n);
    expect(productCents('10.00', undefined)).toBeUndefined();
    expect(productCents('ten', '2')).toBeUndefined();
  });
});
