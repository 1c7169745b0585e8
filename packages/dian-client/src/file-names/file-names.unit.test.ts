// The annex's file names (reference §6.5) from the counter's numbers, against the reference's examples.
import { describe, expect, it } from 'vitest';
import { dianFileName } from './file-names.ts';

describe('dianFileName', () => {
  it("writes the reference's examples: NIT padded to 10, PPP 000, the year's two digits, 8 uppercase hex", () => {
    // Reference §6.5: 990000001 written as 3B023381.
    expect(dianFileName({ kind: 'fv', nit: '900373076', year: 2026, consecutive: 990000001 })).toBe(
      'fv0900373076000263B023381.xml',
    );
    // Reference §6.4, the SendBillSync request's fileName.
    expect(dianFileName({ kind: 'z', nit: '900123456', year: 2025, consecutive: 0x7b })).toBe(
      'z0900123456000250000007B.zip',
    );
  });

  it('takes every kind the service writes, and a provider code', () => {
    const parts = { nit: '900373076', year: 2026, consecutive: 1 };
    expect((['fv', 'nc', 'nd', 'ar', 'ad', 'z'] as const).map((kind) => dianFileName({ kind, ...parts }))).toEqual([
      'fv09003730760002600000001.xml',
      'nc09003730760002600000001.xml',
      'nd09003730760002600000001.xml',
      'ar09003730760002600000001.xml',
      'ad09003730760002600000001.xml',
      'z09003730760002600000001.zip',
    ]);
    expect(dianFileName({ kind: 'nc', nit: '1', providerCode: '123', year: 2030, consecutive: 255 })).toBe(
      'nc000000000112330000000FF.xml',
    );
  });

  it('refuses what would not make an annex name, or would repeat one', () => {
    const ok = { kind: 'fv' as const, nit: '900373076', year: 2026, consecutive: 1 };
    for (const bad of [
      { consecutive: 0 },
      { consecutive: 0x1_0000_0000 },
      { consecutive: 1.5 },
      { nit: '12345678901' },
      { nit: '90037307-6' },
      { providerCode: '12' },
      { year: 26 },
    ])
      expect(() => dianFileName({ ...ok, ...bad }), JSON.stringify(bad)).toThrow(RangeError);
    expect(dianFileName({ ...ok, consecutive: 0xffff_ffff })).toBe('fv090037307600026FFFFFFFF.xml');
  });
});
