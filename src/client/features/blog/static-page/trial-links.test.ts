import { afterEach, describe, expect, it } from 'vitest';
import { authStorageKey } from '../../../lib/auth-storage.ts';
import { startBlogPage } from './start-blog-page.ts';

// The links as server/modules/blog/blog-site-frame.ts draws them.
const page = `<header data-scrolled="false"><a href="/auth/signup" data-trial-link>Start Free Trial</a></header>`;
const trialLink = () => document.querySelector('header a') as HTMLAnchorElement;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the blog header’s call to action', () => {
  it('is "Open app" for someone signed in in this browser', () => {
    localStorage.setItem(authStorageKey, JSON.stringify({ signedIn: true, userId: 'u1', at: 1 }));
    document.body.innerHTML = page;
    startBlogPage(document, { fetcher: async () => new Response(null, { status: 204 }) });
    expect(trialLink().textContent).toBe('Open app');
    expect(trialLink().getAttribute('href')).toBe('/app');
  });

  it('stays "Start Free Trial" for a visitor, or after signing out', () => {
    localStorage.setItem(authStorageKey, JSON.stringify({ signedIn: false, userId: null, at: 1 }));
    document.body.innerHTML = page;
    startBlogPage(document, { fetcher: async () => new Response(null, { status: 204 }) });
    expect(trialLink().textContent).toBe('Start Free Trial');
    expect(trialLink().getAttribute('href')).toBe('/auth/signup');
  });
});
