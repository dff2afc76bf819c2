import ipaddr from 'ipaddr.js';

/**
 * The keys a rate limit counts an address and its network by (issue 26). Parsing is ipaddr.js's
 * (the library Fastify's trustProxy already uses to read X-Forwarded-For), so every spelling of
 * one address is one key.
 *
 * An IPv4-mapped IPv6 address ('::ffff:10.1.2.3', what a dual-stack socket reports for an IPv4
 * client) is that IPv4 address. The network is the /24 of an IPv4 address and the /64 of an IPv6
 * one: a home or a school gets a whole /64 from its provider (every device its own address in it),
 * and a /24 is the smallest block a host or provider hands out, so a stranger who owns many
 * addresses of one block counts as one.
 */

function parse(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(ip);
  } catch {
    return null;
  }
}

/** One address, one key: '10.1.2.3', '2001:db8::5' (RFC 5952's form). Anything unparsable stays as it is. */
export function addressKey(ip: string): string {
  const address = parse(ip);
  if (address === null) return ip;
  return address.kind() === 'ipv4' ? address.toString() : (address as ipaddr.IPv6).toRFC5952String();
}

/** The address's network: '10.1.2.0/24', '2001:db8:1:2::/64'. Anything unparsable is its own network. */
export function networkKey(ip: string): string {
  const address = parse(ip);
  if (address === null) return ip;
  if (address.kind() === 'ipv4') {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(parts).toRFC5952String()}/64`;
}
