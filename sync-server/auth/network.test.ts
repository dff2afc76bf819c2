import { describe, expect, it } from 'vitest';
import { addressKey, networkKey } from './network';

describe('the address and network a limit counts', () => {
  it('one key per address and per /24 or /64, whatever its spelling', () => {
    const rows = [
      // what request.ip may be, its address key, its network key
      ['10.1.2.3', '10.1.2.3', '10.1.2.0/24'],
      ['10.1.2.250', '10.1.2.250', '10.1.2.0/24'],
      // A dual-stack socket reports an IPv4 client as IPv4-mapped IPv6: the same address and /24.
      ['::ffff:10.1.2.3', '10.1.2.3', '10.1.2.0/24'],
      ['::ffff:a01:203', '10.1.2.3', '10.1.2.0/24'],
      // IPv6: RFC 5952's short form; the /64 of a home or a school.
      ['2001:0db8:000a:000b:0000:0000:0000:0001', '2001:db8:a:b::1', '2001:db8:a:b::/64'],
      ['2001:DB8:A:B:FFFF:1:2:3', '2001:db8:a:b:ffff:1:2:3', '2001:db8:a:b::/64'],
      ['2001:db8:a:c::1', '2001:db8:a:c::1', '2001:db8:a:c::/64'],
      ['::1', '::1', '::/64'],
      // Not an address (a test's or a proxy's oddity): itself, for both.
      ['unix-socket', 'unix-socket', 'unix-socket'],
    ] as const;
    for (const [ip, address, network] of rows) {
      expect(addressKey(ip), ip).toBe(address);
      expect(networkKey(ip), ip).toBe(network);
    }
  });
});
