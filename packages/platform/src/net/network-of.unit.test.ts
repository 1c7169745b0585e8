import { describe, expect, it } from 'vitest';
import { networkOf } from './network-of.ts';

describe('the network a per-address limit counts against', () => {
  it('is the address for IPv4 (also IPv4-mapped) and the /64 for IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0DB8:0001:0002:1:2:3:4')).toBe('2001:db8:1:2::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});
