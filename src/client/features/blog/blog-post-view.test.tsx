import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notFound, renderBlogScreen, samplePost, stubBlogApi } from './blog-test-helpers.tsx';
import { BlogPostView } from './components/blog-post-view.tsx';

const publicPost = {
  ...samplePost,
  content: '<h2>Start with a list</h2><p>Write <strong>everything</strong> down.</p>',
  metaTitle: '',
  metaDescription: 'How to plan a calm week',
  views: 3,
};

function renderPost(slug = samplePost.slug) {
  return renderBlogScreen(<BlogPostView slug={slug} />, { path: '/blog/:slug', url: `/blog/${slug}` });
}

function stubPost() {
  return stubBlogApi({
    [`GET /api/blog/posts/${samplePost.slug}`]: { status: 200, body: publicPost },
    [`POST /api/blog/posts/${samplePost.slug}/view`]: { status: 200, body: { views: 4 } },
  });
}

/** navigator.share and navigator.clipboard as a browser without a share sheet would have them. */
function stubNavigator({ share }: { share?: (data: ShareData) => Promise<void> }) {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  return { writeText };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
});

describe('BlogPostView', () => {
  it('says Loading post..., then shows the post with its HTML content, and counts one view', async () => {
    const calls = stubPost();
    renderPost();
    expect(screen.getByText('Loading post...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Start with a list' })).toBeInTheDocument();
    expect(screen.getByText('everything').tagName).toBe('STRONG');
    expect(screen.getByText('November 22, 2026')).toBeInTheDocument();
    expect(screen.getByText('5 min read')).toBeInTheDocument();
    expect(screen.getByText('calendar')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to Blog' })[0]).toHaveAttribute('href', '/blog');
    // Meta title empty: the tab shows the post title.
    expect(document.title).toBe(`${samplePost.title} — Jotlist`);
    const views = () => calls.filter((call) => call.path === `/api/blog/posts/${samplePost.slug}/view`);
    await waitFor(() => expect(views()).toHaveLength(1));
    expect(views()[0]?.method).toBe('POST');
  });

  it('goes back to /blog when the post is missing or unpublished', async () => {
    stubBlogApi({ 'GET /api/blog/posts/gone': notFound, 'POST /api/blog/posts/gone/view': notFound });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPost('gone');
    expect(await screen.findByTestId('location')).toHaveTextContent('/blog');
    warn.mockRestore();
  });

  it('without a share sheet, Share copies the link and shows Link copied! for 2 seconds', async () => {
    stubPost();
    const { writeText } = stubNavigator({});
    renderPost();
    const share = await screen.findByRole('button', { name: 'Share' });

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(share);
    });
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied!');

    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('status')).toHaveTextContent('Link copied!');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('uses the device share sheet when there is one, and copies nothing', async () => {
    stubPost();
    const share = vi.fn(async (_data: ShareData) => {});
    const { writeText } = stubNavigator({ share });
    renderPost();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    });
    expect(share).toHaveBeenCalledWith({
      title: samplePost.title,
      text: 'How to plan a calm week',
      url: window.location.href,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied!')).not.toBeInTheDocument();
  });

  it('only logs a refused clipboard', async () => {
    stubPost();
    const { writeText } = stubNavigator({});
    writeText.mockRejectedValueOnce(new Error('denied'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPost();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    });
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText('Link copied!')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
