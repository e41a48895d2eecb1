import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// The other renderer of the same chrome: the server-rendered blog pages' frame.
import { siteFrame } from '../../../server/modules/blog/blog-site-frame.ts';
import { PublicLayout } from './components/public-layout.tsx';
import { configuredSupportEmail, renderAt, stubSiteInfo } from './marketing-test-utils.tsx';

beforeAll(() => stubSiteInfo());
afterAll(() => vi.unstubAllGlobals());

/** Each link of a landmark as `text -> href`, in document order. */
const linksOf = (landmark: HTMLElement) =>
  within(landmark)
    .getAllByRole('link')
    .map((link) => `${link.textContent} -> ${link.getAttribute('href')}`);

/** The public frame as the SPA draws it (not on the landing page, like the blog), once the address is in. */
async function reactFrame() {
  const { container } = renderAt(<PublicLayout>content</PublicLayout>, '/about');
  await screen.findByRole('link', { name: configuredSupportEmail });
  return container;
}

/** The same frame as the server writes it around a blog page. */
function serverFrame() {
  const container = document.createElement('div');
  container.innerHTML = siteFrame('content', {
    supportEmail: configuredSupportEmail,
    year: new Date().getFullYear(),
  });
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the site chrome, drawn by React and by the server-rendered blog', () => {
  it('has the same footer: links, words and classes', async () => {
    const react = within(await reactFrame()).getByRole('contentinfo');
    const server = within(serverFrame()).getByRole('contentinfo');
    expect(linksOf(server)).toEqual(linksOf(react));
    expect(linksOf(react)).toContain('Privacy -> /privacy');
    expect(server.textContent).toBe(react.textContent);
    expect(server.querySelector('a[href="/blog"]')?.className).toBe(
      react.querySelector('a[href="/blog"]')?.className,
    );
  });

  it('has the same header: section links, Sign In and Start Free Trial, in the bar and the menu', async () => {
    const react = within(await reactFrame()).getByRole('banner');
    const server = within(serverFrame()).getByRole('banner', { hidden: true });
    const all = (header: HTMLElement) =>
      [...header.querySelectorAll('a')].map(
        (link) => `${link.textContent} -> ${link.getAttribute('href')} ${link.className}`,
      );
    expect(all(server)).toEqual(all(react));
    expect(linksOf(react)).toContain('Start Free Trial -> /auth/signup');
  });
});
