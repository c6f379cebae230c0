import ipaddr from 'ipaddr.js';

/**
 * The client a per-address limit counts a call under (keyless calls, unknown keys). An IPv4 address is
 * one client; an IPv6 client is its address's first `ipv6PrefixBits` bits, because one subscriber
 * is given a whole /64 (or more) and can send from any of its 2^64 addresses: counted one by one,
 * each would have a budget of its own. An IPv4 address mapped into IPv6 (`::ffff:a.b.c.d`, as a
 * dual-stack socket reports IPv4 clients) is that IPv4 address, so both spellings share a budget.
 * What is no address at all (a forwarded value from a trusted proxy is taken as given) stays itself.
 */
export function limitedClient(address: string, ipv6PrefixBits: number): string {
  if (!address.includes(':')) return address;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  // The zone (fe80::1%eth0) names the host's interface, not the client: left out with the host bits.
  const bytes = v6.toByteArray();
  for (let i = 0; i < 16; i++) {
    const kept = Math.min(Math.max(ipv6PrefixBits - i * 8, 0), 8);
    bytes[i] = bytes[i]! & (0xff00 >> kept) & 0xff;
  }
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6PrefixBits}`;
}
