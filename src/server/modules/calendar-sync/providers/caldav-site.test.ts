import { describe, expect, it } from 'vitest';
import { onServerSite } from './caldav-discovery.ts';

describe('onServerSite: where a CalDAV server may keep the calendars we write to', () => {
  it('accepts the server origin and the hosts of its registrable domain', () => {
    expect(onServerSite('https://dav.example.com/cal/home/', 'https://dav.example.com/')).toBe(true);
    // iCloud signs in on caldav.icloud.com and lists calendars on a per-account host.
    expect(
      onServerSite('https://p42-caldav.icloud.com/1234/calendars/home/', 'https://caldav.icloud.com/'),
    ).toBe(true);
    expect(onServerSite('https://cal.example.co.uk/x/', 'https://dav.example.co.uk/')).toBe(true);
  });

  it('refuses another site, scheme or port, and IP addresses other than the server itself', () => {
    expect(onServerSite('https://evil.example.org/x/', 'https://dav.example.com/')).toBe(false);
    // co.uk is a public suffix: two of its registrants are two sites.
    expect(onServerSite('https://evil.co.uk/x/', 'https://example.co.uk/')).toBe(false);
    // github.io is a private suffix on the list: each user's pages are their own site.
    expect(onServerSite('https://evil.github.io/x/', 'https://dav.github.io/')).toBe(false);
    expect(onServerSite('http://p42-caldav.icloud.com/x/', 'https://caldav.icloud.com/')).toBe(false);
    expect(onServerSite('https://p42-caldav.icloud.com:8443/x/', 'https://caldav.icloud.com/')).toBe(false);
    expect(onServerSite('http://127.0.0.2/x/', 'http://127.0.0.1/')).toBe(false);
    expect(onServerSite('http://127.0.0.1:5233/x/', 'http://127.0.0.1:5232/')).toBe(false);
    expect(onServerSite('http://127.0.0.1:5232/x/', 'http://127.0.0.1:5232/')).toBe(true);
    expect(onServerSite('not a url', 'https://dav.example.com/')).toBe(false);
  });
});
