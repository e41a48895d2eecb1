import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * `TRUST_PROXY` (docs/accounts.md): which peers may tell us the client's address in `X-Forwarded-For` (used by
 * rate limits and logs). Unset trusts no proxy: the client address is the TCP peer, so nobody can choose
 * their own rate-limit address. Otherwise one of
 *   - `loopback` (also `linklocal`, `uniquelocal`): proxy-addr's named ranges, e.g. a proxy on this host;
 *   - a comma-separated list of addresses and CIDRs (`10.0.0.1, 192.168.0.0/16`), names allowed too;
 *   - a hop count (`1`): trust that many proxies in front, whatever their addresses.
 * The value is what Fastify's `trustProxy` option takes: false, a list, or (for a hop count) a function
 * of the hop, as Fastify builds from a number itself (its types leave the number out).
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const problem = 'must be loopback, a comma-separated list of addresses or CIDRs, or a hop count';

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  // A prefix length, or (IPv4 only) a netmask, as proxy-addr accepts.
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(bits) === 4;
}

export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim() ?? '';
    if (text === '') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      return (_address, hop) => hop < hops;
    }
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0 || !entries.every(isAddressOrRange)) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return entries;
  });
