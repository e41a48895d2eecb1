import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categoryFilterHtml, postListHtml } from '../../../../shared/blog-markup.ts';
import { messages } from '../../../../shared/messages.ts';
import type { PostCard } from '../../../../shared/schemas/blog.ts';
import { copiedNoticeMs } from '../share-link.ts';
import { startBlogPage } from './start-blog-page.ts';

// The hooks of the server-rendered pages (server/modules/blog/blog-page-body.ts), around the shared
// markup both sides draw; the journeys in e2e/blog.spec.ts run the script on the real pages.
const guides = { id: '11111111-1111-4111-8111-111111111111', name: 'Guides' };
const card = (title: string): PostCard => ({
  id: crypto.randomUUID(),
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  excerpt: 'An excerpt.',
  featuredImage: null,
  categoryId: guides.id,
  tags: ['one'],
  readingTime: 3,
  publishedAt: '2026-11-01T10:00:00.000Z',
});

const header = `<header data-scrolled="false" class="x"><button type="button" aria-controls="mobile-menu" aria-expanded="false" aria-label="Open menu"></button><div id="mobile-menu" hidden><a href="/landing#demo">Demo</a></div></header>`;
const listPage = (posts: PostCard[]) =>
  `${header}<div data-blog-list>${categoryFilterHtml([guides], null)}<div data-blog-posts data-empty-text="${messages.blog.noPosts}" data-error-text="${messages.generic}">${postListHtml(posts, messages.blog.noPosts)}</div></div>`;
const postPage = `${header}<article data-blog-post="calm-week"><div><button type="button" data-share-title="Calm week" data-share-text="An excerpt.">Share</button><span role="status" data-share-status data-copied-text="${messages.blog.linkCopied}"></span></div></article>`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const button = (name: string) =>
  [...document.querySelectorAll('button')].find(
    (element) => element.textContent === name,
  ) as HTMLButtonElement;

beforeEach(() => {
  window.history.replaceState(null, '', '/blog');
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the list page', () => {
  it('a category is pressed at once, put in the address, and its posts replace the cards', async () => {
    document.body.innerHTML = listPage([card('Old news')]);
    const fetcher = vi.fn<typeof fetch>(async () => json({ posts: [card('Planning guide')] }));
    startBlogPage(document, { fetcher });

    button('Guides').click();
    expect(button('Guides').getAttribute('aria-pressed')).toBe('true');
    expect(button('All Posts').getAttribute('aria-pressed')).toBe('false');
    expect(window.location.search).toBe(`?category=${guides.id}`);
    expect(fetcher).toHaveBeenCalledWith(`/api/blog/posts?category=${guides.id}`, expect.anything());
    await vi.waitFor(() => expect(document.querySelector('h2')?.textContent).toBe('Planning guide'));
    expect(document.body.textContent).not.toContain('Old news');
    expect(document.querySelector('a[href="/blog/planning-guide"]')?.textContent).toContain(
      'Read more about Planning guide',
    );

    button('All Posts').click();
    expect(window.location.pathname + window.location.search).toBe('/blog');
    expect(fetcher).toHaveBeenLastCalledWith('/api/blog/posts', expect.anything());
  });

  it('an empty category says so; a failing answer shows the generic error', async () => {
    document.body.innerHTML = listPage([card('Old news')]);
    const fetcher = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json({ posts: [] }))
      .mockResolvedValueOnce(json({ error: { code: 'internal' } }, 500));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    startBlogPage(document, { fetcher });

    button('Guides').click();
    await vi.waitFor(() => expect(document.body.textContent).toContain(messages.blog.noPosts));
    button('All Posts').click();
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(messages.generic),
    );
  });

  it('counts no view and redirects nowhere', () => {
    document.body.innerHTML = listPage([]);
    const fetcher = vi.fn<typeof fetch>();
    const redirect = vi.fn();
    startBlogPage(document, { fetcher, redirect });
    expect(fetcher).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('the post page', () => {
  it('counts one view per open', () => {
    document.body.innerHTML = postPage;
    const fetcher = vi.fn<typeof fetch>(async () => json({ views: 1 }));
    startBlogPage(document, { fetcher });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(
      '/api/blog/posts/calm-week/view',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('Share without a share sheet copies the link and shows Link copied! for 2 s', async () => {
    document.body.innerHTML = postPage;
    window.history.replaceState(null, '', '/blog/calm-week');
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    vi.useFakeTimers();
    startBlogPage(document, { fetcher: async () => json({ views: 1 }) });

    button('Share').click();
    // Lets the clipboard's promise settle.
    await vi.advanceTimersByTimeAsync(0);
    expect(document.body.textContent).toContain(messages.blog.linkCopied);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/blog/calm-week`);
    await vi.advanceTimersByTimeAsync(copiedNoticeMs - 1);
    expect(document.body.textContent).toContain(messages.blog.linkCopied);
    await vi.advanceTimersByTimeAsync(1);
    expect(document.body.textContent).not.toContain(messages.blog.linkCopied);
  });

  it('Share with a share sheet opens it with the title, text and link', async () => {
    document.body.innerHTML = postPage;
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { share, clipboard: { writeText: vi.fn() } });
    startBlogPage(document, { fetcher: async () => json({ views: 1 }) });

    button('Share').click();
    await vi.waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'Calm week',
        text: 'An excerpt.',
        url: window.location.href,
      }),
    );
    expect(document.body.textContent).not.toContain(messages.blog.linkCopied);
  });

  it('a missing post sends the visitor to /blog without counting anything', () => {
    document.body.innerHTML = `${header}<div data-blog-missing><h1>Post not found</h1></div>`;
    const fetcher = vi.fn<typeof fetch>();
    const redirect = vi.fn();
    startBlogPage(document, { fetcher, redirect });
    expect(redirect).toHaveBeenCalledWith('/blog');
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('the site header', () => {
  it('the menu toggle opens and closes the menu (also with Escape), and the header turns solid', () => {
    document.body.innerHTML = postPage;
    startBlogPage(document, { fetcher: async () => json({ views: 1 }) });
    const toggle = document.querySelector('button[aria-controls="mobile-menu"]') as HTMLButtonElement;
    const menu = document.getElementById('mobile-menu') as HTMLElement;
    const header = document.querySelector('header') as HTMLElement;

    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    expect(menu.hidden).toBe(false);
    expect(header.className).toContain('bg-white/85');

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('Open menu');
    expect(menu.hidden).toBe(true);
    expect(header.className).toContain('bg-transparent');
  });
});
