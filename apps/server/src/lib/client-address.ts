import net from 'node:net';

/**
 * The client address as the per-address limits count it (anonymous ballots, sign-in attempts, open event streams):
 * an IPv4 address, or the /64 of an IPv6 one (a home connection usually gets a whole /64, so single IPv6 addresses
 * would be free for the taking).
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, ..., 1). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const parts = (text: string) => (text === '' ? [] : text.split(':').flatMap(groupsOf));
  const front = parts(head);
  const back = tail === undefined ? [] : parts(tail);
  const zeros = Array.from({ length: 8 - front.length - back.length }, () => '0');
  return [...front, ...zeros, ...back];
}

/** A group, or an embedded dotted IPv4 address as the two groups it stands for. */
function groupsOf(part: string): string[] {
  if (!part.includes('.')) return [Number.parseInt(part, 16).toString(16)];
  const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
