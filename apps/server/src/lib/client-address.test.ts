import { describe, expect, it } from 'vitest';
import { addressGroup } from './client-address';

describe('client address', () => {
  it('counts IPv4 addresses one by one and IPv6 ones by their /64', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('2001:0db8:0000:0000:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('2001:db8:aaaa:1::2%eth0')).toBe('2001:db8:aaaa:1::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });
});
