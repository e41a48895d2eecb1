import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * `CALDAV_ALLOWED_HOSTS`: the CalDAV servers our server may call although they are on this machine or a
 * private network (a self-hosted Radicale next to Jotlist). Unset, no such address is ever called
 * (calendar-sync/providers/caldav-address.ts). A comma-separated list whose entries are
 *   - a host name, as typed in the CalDAV server URL (`radicale.lan`, `localhost`): that host, whatever
 *     it resolves to;
 *   - an IP address (`127.0.0.1`, `::1` or `[::1]`) or a CIDR range (`10.0.0.0/8`, `fd00::/8`): any
 *     host that resolves there;
 * each optionally with `:port` (`127.0.0.1:5232`, `[::1]:5232`, `radicale.lan:5232`; not on a CIDR), which
 * then allows that port only.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export type AllowedHost =
  | { kind: 'name'; name: string; port: number | null }
  | { kind: 'range'; range: [Address, number]; port: number | null };

const problem =
  'must be a comma-separated list of host names, IP addresses or CIDR ranges, each optionally with :port';

/** The host as a request URL spells it (lower case, IPv4 forms like 127.1 made 127.0.0.1); null if none. */
function canonicalHost(host: string): string | null {
  if (/[/?#@\\\s]/.test(host) || host === '') return null;
  try {
    return new URL(`http://${host}/`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** A single address as a range of one, IPv4-mapped IPv6 unmapped (resolved addresses are, too). */
function single(address: string): [Address, number] {
  const parsed = ipaddr.process(address);
  return [parsed, parsed.kind() === 'ipv4' ? 32 : 128];
}

function parseEntry(entry: string): AllowedHost | null {
  if (entry.includes('/')) {
    if (!ipaddr.isValidCIDR(entry)) return null;
    return { kind: 'range', range: ipaddr.parseCIDR(entry), port: null };
  }
  // A bare IPv6 address has colons of its own and so cannot carry a port.
  if (ipaddr.IPv6.isValid(entry)) return { kind: 'range', range: single(entry), port: null };
  const withPort = /^(.*):(\d{1,5})$/.exec(entry);
  const port = withPort ? Number(withPort[2]) : null;
  if (port !== null && (port < 1 || port > 65535)) return null;
  const host = canonicalHost(withPort ? (withPort[1] ?? '') : entry);
  if (host === null) return null;
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (ipaddr.isValid(bare)) return { kind: 'range', range: single(bare), port };
  return { kind: 'name', name: host, port };
}

export function parseAllowedHosts(value: string): AllowedHost[] | null {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const parsed = entries.map(parseEntry);
  return parsed.every((entry) => entry !== null) ? parsed : null;
}

export const caldavAllowedHostsSetting = z
  .string()
  .optional()
  .transform((value, ctx): AllowedHost[] => {
    const parsed = parseAllowedHosts(value ?? '');
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return parsed;
  });

/** One connection about to be made: the URL's host name and port, and an address it resolved to. */
export interface CaldavConnection {
  hostname: string;
  port: number;
  address: string;
}

/** Whether an entry of the list lets this connection through (the address need not be public then). */
export function allowedByList(list: readonly AllowedHost[], connection: CaldavConnection): boolean {
  const name = connection.hostname.toLowerCase().replace(/\.$/, '');
  let address: Address | null = null;
  try {
    address = ipaddr.process(connection.address);
  } catch {
    address = null;
  }
  return list.some((entry) => {
    if (entry.port !== null && entry.port !== connection.port) return false;
    if (entry.kind === 'name') return entry.name === name;
    return address !== null && address.kind() === entry.range[0].kind() && address.match(entry.range);
  });
}
