import { describe, expect, it } from 'vitest';
import { forbiddenRange } from './caldav-address.ts';
import { checkedAddresses } from './caldav-dispatcher.ts';

/** The address classifier on its own: literals only, no lookup and no connection. */
describe('forbiddenRange', () => {
  const refused: Array<[string, string]> = [
    // Loopback, however an IPv4 address is written.
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    // IPv4-mapped IPv6 is the IPv4 address it carries.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    // Private networks and the ranges around them.
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.254', 'carrierGradeNat'],
    ['169.254.0.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // Cloud metadata services (AWS, GCP, Azure; AWS over IPv6).
    ['169.254.169.254', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    // Tunnels that carry an IPv4 address inside IPv6.
    ['2002:7f00:1::1', '6to4 loopback'],
    ['2002:a00:1::1', '6to4 private'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 linkLocal'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    // IPv4-compatible (deprecated) and other space outside global unicast.
    ['::7f00:1', 'reserved'],
    ['not an address', 'invalid'],
    ['', 'invalid'],
  ];

  it.each(refused)('refuses %s (%s)', (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  it.each([
    '93.184.215.14',
    '1.1.1.1',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:93.184.215.14',
    '2002:5db8:d70e::1',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(forbiddenRange(address)).toBeNull();
  });
});

describe('checkedAddresses', () => {
  it('refuses a name when any address it resolves to is forbidden, and returns the one it checked', async () => {
    const lookup = async (hostname: string) =>
      hostname === 'mixed.example' ? ['93.184.215.14', '10.0.0.7'] : ['93.184.215.14'];
    await expect(checkedAddresses('mixed.example', 443, { lookup })).rejects.toThrow(/private/);
    await expect(checkedAddresses('public.example', 443, { lookup })).resolves.toEqual(['93.184.215.14']);
    await expect(checkedAddresses('nowhere.example', 443, { lookup: async () => [] })).rejects.toThrow();
    // An address literal is judged as it is, never looked up.
    await expect(checkedAddresses('[::1]', 80, { lookup })).rejects.toThrow(/loopback/);
  });
});
