import ipaddr from 'ipaddr.js';

/**
 * Which addresses a CalDAV request may reach by default: public unicast only. Everything else is this
 * machine or a network behind it (loopback, private, link-local with the cloud metadata service at
 * 169.254.169.254, CGNAT, unique-local with AWS's fd00:ec2::254, multicast, unspecified, broadcast,
 * reserved and documentation ranges). IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 it
 * carries, and so are 6to4 and NAT64 addresses; Teredo and the other tunnel and special IPv6 ranges are
 * refused outright. A self-hoster allows their own server with CALDAV_ALLOWED_HOSTS.
 */

/** Global unicast IPv6 (2000::/3): outside it, nothing is a public server's address. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix; the local-use 64:ff9b:1::/48 is private by definition. */
const nat64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function ipv4Range(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === 'unicast' ? null : range;
}

const embeddedIpv4 = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

function ipv6Range(address: ipaddr.IPv6): string | null {
  const range = address.range();
  const { parts } = address;
  if (range === '6to4') {
    const inner = ipv4Range(embeddedIpv4(parts[1] ?? 0, parts[2] ?? 0));
    return inner === null ? null : `6to4 ${inner}`;
  }
  if (range === 'rfc6052' && address.match(nat64)) {
    const inner = ipv4Range(embeddedIpv4(parts[6] ?? 0, parts[7] ?? 0));
    return inner === null ? null : `NAT64 ${inner}`;
  }
  if (range !== 'unicast') return range;
  return address.match(globalUnicast) ? null : 'reserved';
}

/**
 * Why an address may not be called by default (an ipaddr.js range name such as `loopback`), or null
 * when it is a public unicast address. Any literal ipaddr.js reads is accepted (127.1, 2130706433,
 * 0x7f000001, 0177.0.0.1, ::ffff:7f00:1); what is not an address at all is `invalid`.
 */
export function forbiddenRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() unmaps ::ffff:a.b.c.d to the IPv4 address it carries.
    parsed = ipaddr.process(address.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return 'invalid';
  }
  return parsed.kind() === 'ipv4' ? ipv4Range(parsed as ipaddr.IPv4) : ipv6Range(parsed as ipaddr.IPv6);
}
