import { describe, expect, it } from 'vitest';
import { allowedByList, parseAllowedHosts } from './caldav-allowed-hosts.ts';
import { ConfigError, loadConfig } from './config.ts';

/** CALDAV_ALLOWED_HOSTS: its syntax, and which connections an entry lets through (no connection made). */
describe('CALDAV_ALLOWED_HOSTS', () => {
  const allows = (value: string, hostname: string, port: number, address: string) =>
    allowedByList(parseAllowedHosts(value) ?? [], { hostname, port, address });

  it('is empty when unset, and refuses what it cannot read', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).CALDAV_ALLOWED_HOSTS).toEqual([]);
    for (const bad of [
      'http://radicale.lan',
      'radicale.lan/cal',
      'a:99999',
      '10.0.0.0/33',
      'user@host',
      'a b',
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'test', CALDAV_ALLOWED_HOSTS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('lets a listed host name through whatever it resolves to, on any port unless one is given', () => {
    expect(allows('radicale.lan', 'radicale.lan', 5232, '192.168.1.20')).toBe(true);
    expect(allows('Radicale.LAN', 'radicale.lan.', 443, '10.0.0.1')).toBe(true);
    expect(allows('radicale.lan', 'other.lan', 5232, '192.168.1.20')).toBe(false);
    expect(allows('radicale.lan:5232', 'radicale.lan', 5232, '192.168.1.20')).toBe(true);
    expect(allows('radicale.lan:5232', 'radicale.lan', 22, '192.168.1.20')).toBe(false);
  });

  it('lets an address or range through for any name that resolves there', () => {
    expect(allows('127.0.0.1', 'localhost', 5232, '127.0.0.1')).toBe(true);
    expect(allows('127.0.0.1', 'localhost', 5232, '::ffff:127.0.0.1')).toBe(true);
    expect(allows('127.0.0.1', 'localhost', 5232, '127.0.0.2')).toBe(false);
    expect(allows('127.0.0.1:5232', '127.0.0.1', 6379, '127.0.0.1')).toBe(false);
    expect(allows('10.0.0.0/8, fd00::/8', 'cal.internal', 443, '10.1.2.3')).toBe(true);
    expect(allows('10.0.0.0/8, fd00::/8', 'cal.internal', 443, 'fd00::5')).toBe(true);
    expect(allows('10.0.0.0/8', 'cal.internal', 443, '11.0.0.1')).toBe(false);
    expect(allows('::1', 'localhost', 80, '::1')).toBe(true);
    expect(allows('[::1]:5232', 'localhost', 5232, '::1')).toBe(true);
    expect(allows('[::1]:5232', 'localhost', 5233, '::1')).toBe(false);
    // Written the way a URL may write it: 127.1 is 127.0.0.1.
    expect(allows('127.1', 'localhost', 80, '127.0.0.1')).toBe(true);
  });
});
