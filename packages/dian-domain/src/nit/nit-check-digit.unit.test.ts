import { describe, expect, it } from 'vitest';
import { readDianSpec } from '../../test-support/dian-spec.ts';
import { nitCheckDigit, parseNit } from './nit-check-digit.ts';

const vectors = JSON.parse(readDianSpec('test-vectors.json')) as {
  nit_dv: Record<string, number>;
};

describe('nitCheckDigit', () => {
  it.each(Object.entries(vectors.nit_dv))('NIT %s has DV %i (spec/dian/test-vectors.json)', (nit, dv) => {
    expect(nitCheckDigit(nit)).toBe(dv);
  });

  it('covers the test vectors file (not an empty table)', () => {
    expect(Object.keys(vectors.nit_dv).length).toBeGreaterThanOrEqual(10);
  });

  it('refuses non-digits and more than 15 digits', () => {
    expect(() => nitCheckDigit('90012345a')).toThrow(RangeError);
    expect(() => nitCheckDigit('1234567890123456')).toThrow(RangeError);
  });
});

describe('parseNit', () => {
  it.each([
    ['900123456', undefined, { nit: '900123456', dv: 8 }],
    ['900123456-8', undefined, { nit: '900123456', dv: 8 }],
    ['900123456', '8', { nit: '900123456', dv: 8 }],
    [' 800197268-4 ', undefined, { nit: '800197268', dv: 4 }],
  ] as const)('reads %j (declared DV %j)', (text, dv, expected) => {
    expect(parseNit(text, dv)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['900123456-7', undefined],
    ['900123456', '7'],
    ['900123456-8', '7'],
    ['90012', undefined],
    ['12345678901', undefined],
    ['900.123.456', undefined],
    ['NIT900123456', undefined],
    ['', undefined],
  ] as const)('refuses %j (declared DV %j)', (text, dv) => {
    expect(parseNit(text, dv).ok).toBe(false);
  });
});
