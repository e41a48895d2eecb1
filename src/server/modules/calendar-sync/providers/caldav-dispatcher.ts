import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { type AllowedHost, allowedByList } from '../../../caldav-allowed-hosts.ts';
import { forbiddenRange } from './caldav-address.ts';

/**
 * The connections of every CalDAV request: an undici Agent whose `connect` resolves the host itself,
 * checks every address it resolves to (caldav-address.ts, unless CALDAV_ALLOWED_HOSTS lets the host
 * through) and then connects to the address it checked. Checking at connect time, on the address
 * actually dialled, is what defeats DNS rebinding (a name that answers a public address to a first
 * lookup and 127.0.0.1 to the next) and covers every redirect hop and every pooled connection alike.
 */

/** Every address a host name resolves to. Tests inject their own, so no test asks a real DNS server. */
export type CaldavLookup = (hostname: string) => Promise<string[]>;

const systemLookup: CaldavLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface CaldavAddressPolicy {
  /** CALDAV_ALLOWED_HOSTS, parsed (config.ts); empty allows public addresses only. */
  allowedHosts?: readonly AllowedHost[];
  lookup?: CaldavLookup;
}

/** Thrown for an address we will not call; callers treat it as an unreachable server. */
export class CaldavAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaldavAddressError';
  }
}

/** The addresses to connect to for `hostname:port`, once every one it resolves to passed the check. */
export async function checkedAddresses(
  hostname: string,
  port: number,
  policy: CaldavAddressPolicy = {},
): Promise<string[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(bare) ? [bare] : await (policy.lookup ?? systemLookup)(bare);
  if (addresses.length === 0) throw new CaldavAddressError(`${bare} has no address`);
  for (const address of addresses) {
    const range = forbiddenRange(address);
    if (range !== null && !allowedByList(policy.allowedHosts ?? [], { hostname: bare, port, address })) {
      throw new CaldavAddressError(`${bare} resolves to a ${range} address`);
    }
  }
  return addresses;
}

/** How long opening a connection may take (the request deadline still bounds the whole call). */
const connectTimeoutMs = 5_000;

/** A `lookup` for net.connect that answers only the addresses we checked: the connection is pinned. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, done) => {
    const [first] = entries;
    if (options.all) done(null, entries);
    else if (first) done(null, first.address, first.family);
  };
}

export function guardedAgent(policy: CaldavAddressPolicy): Agent {
  return new Agent({
    connect(options, callback) {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      checkedAddresses(options.hostname, port, policy).then(
        // The host name stays the name (TLS verifies the certificate for it); net.connect asks our
        // lookup, which hands it the checked addresses only, all of them, so it can still fall back
        // from IPv6 to IPv4 (autoSelectFamily) as an ordinary connection would.
        (addresses) =>
          buildConnector({
            timeout: connectTimeoutMs,
            autoSelectFamily: true,
            lookup: pinnedLookup(addresses),
          })(options, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
}

// Agents keyed by the configured allowed-hosts list (not by the app): apps built from the same config
// share their connection pools, and a WeakMap lets them go with the config.
const agents = new WeakMap<readonly AllowedHost[], Map<CaldavLookup | undefined, Agent>>();
const noAllowedHosts: readonly AllowedHost[] = Object.freeze([]);

/** One Agent (and its connection pool) per policy: the configured list is parsed once, at boot. */
export function agentFor(policy: CaldavAddressPolicy): Agent {
  const list = policy.allowedHosts ?? noAllowedHosts;
  let byLookup = agents.get(list);
  if (!byLookup) {
    byLookup = new Map();
    agents.set(list, byLookup);
  }
  let agent = byLookup.get(policy.lookup);
  if (!agent) {
    agent = guardedAgent({ allowedHosts: list, ...(policy.lookup ? { lookup: policy.lookup } : {}) });
    byLookup.set(policy.lookup, agent);
  }
  return agent;
}
