/**
 * The network a client address is counted against by per-address limits (the ingress's failed
 * authentications, the portal's lockout and form posts): an IPv4 address as it is (also when
 * IPv4-mapped); an IPv6 address as its first 64 bits, the block one subscriber gets, or a client
 * could change address per attempt.
 *
 *   networkOf('2001:db8:1:2::a') // '2001:db8:1:2::/64'
 */
export function networkOf(address: string): string {
  const bare = address.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
