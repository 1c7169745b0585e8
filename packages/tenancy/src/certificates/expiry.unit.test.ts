import { describe, expect, it } from 'vitest';
import { certificateExpiry } from './expiry.ts';

const notAfter = new Date('2027-03-31T23:59:59Z');
const at = (iso: string) => certificateExpiry(notAfter, new Date(iso));

describe('certificateExpiry', () => {
  it('says nothing while more than 30 days are left', () => {
    expect(at('2026-12-01T00:00:00Z')).toEqual({ notAfter, daysLeft: 121, state: 'valid', threshold: undefined });
    expect(at('2027-03-01T23:59:58Z')).toMatchObject({ daysLeft: 31, state: 'valid', threshold: undefined });
  });

  it('crosses 30 days when exactly 30 are left, and stays there down to just over 7', () => {
    expect(at('2027-03-01T23:59:59Z')).toMatchObject({ daysLeft: 30, state: 'expiring', threshold: 30 });
    expect(at('2027-03-24T23:59:58Z')).toMatchObject({ daysLeft: 8, state: 'expiring', threshold: 30 });
  });

  it('crosses 7 days, then 1 day; 23 hours left read as 1 day', () => {
    expect(at('2027-03-24T23:59:59Z')).toMatchObject({ daysLeft: 7, threshold: 7 });
    expect(at('2027-03-27T12:00:00Z')).toMatchObject({ daysLeft: 5, threshold: 7 });
    expect(at('2027-03-30T23:59:58Z')).toMatchObject({ daysLeft: 2, threshold: 7 });
    expect(at('2027-03-30T23:59:59Z')).toMatchObject({ daysLeft: 1, threshold: 1 });
    expect(at('2027-03-31T00:59:59Z')).toMatchObject({ daysLeft: 1, state: 'expiring', threshold: 1 });
  });

  it('is still valid at notAfter itself (the signer takes it), expired a millisecond later', () => {
    expect(at('2027-03-31T23:59:59Z')).toMatchObject({ daysLeft: 0, state: 'expiring', threshold: 1 });
    expect(at('2027-03-31T23:59:59.001Z')).toMatchObject({ daysLeft: 0, state: 'expired', threshold: 'expired' });
    expect(at('2027-04-03T00:00:00Z')).toMatchObject({ daysLeft: -2, state: 'expired', threshold: 'expired' });
  });
});
