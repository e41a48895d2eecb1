import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBlogScreen, samplePost, stubBlogApi } from './blog-test-helpers.tsx';
import { BlogListView } from './components/blog-list-view.tsx';

const categories = [
  { id: '22222222-2222-4222-8222-222222222222', name: 'Guides' },
  { id: '33333333-3333-4333-8333-333333333333', name: 'News' },
];

const renderList = (url = '/blog') => renderBlogScreen(<BlogListView />, { path: '/blog', url });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BlogListView', () => {
  it('says Loading posts... until the posts arrive', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    stubBlogApi({ 'GET /api/blog/posts': () => new Promise((resolve) => (answer = resolve)) });
    renderList();
    expect(await screen.findByText('Loading posts...')).toBeInTheDocument();
    answer({ status: 200, body: { posts: [samplePost] } });
    expect(await screen.findByRole('heading', { name: samplePost.title })).toBeInTheDocument();
    expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
  });

  it('says No posts available yet. Check back soon! when nothing is published', async () => {
    stubBlogApi({ 'GET /api/blog/posts': { status: 200, body: { posts: [] } } });
    renderList();
    expect(await screen.findByText('No posts available yet. Check back soon!')).toBeInTheDocument();
  });

  it('shows a card: image with alt text, title, excerpt, long US date, reading time, 3 tags, Read more', async () => {
    stubBlogApi({ 'GET /api/blog/posts': { status: 200, body: { posts: [samplePost] } } });
    renderList();
    const card = (await screen.findByRole('heading', { name: samplePost.title })).closest('article');
    if (!card) throw new Error('no card');
    const inCard = within(card);
    expect(inCard.getByRole('img', { name: samplePost.title })).toHaveAttribute(
      'src',
      samplePost.featuredImage,
    );
    expect(inCard.getByText(samplePost.excerpt)).toBeInTheDocument();
    expect(inCard.getByText('November 22, 2026')).toBeInTheDocument();
    expect(inCard.getByText('5 min read')).toBeInTheDocument();
    const tags = within(inCard.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['planning', 'habits', 'focus']);
    const readMore = inCard.getByRole('link', { name: /^Read more/ });
    expect(readMore).toHaveAttribute('href', `/blog/${samplePost.slug}`);
    // The visible words, then the title for screen readers.
    expect(readMore).toHaveAccessibleName(`Read more about ${samplePost.title}`);
  });

  it('leaves the image out when a post has none', async () => {
    stubBlogApi({
      'GET /api/blog/posts': { status: 200, body: { posts: [{ ...samplePost, featuredImage: null }] } },
    });
    renderList();
    await screen.findByRole('heading', { name: samplePost.title });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('filters by category: All Posts then one button per category, the chosen one pressed', async () => {
    const news = { ...samplePost, id: '44444444-4444-4444-8444-444444444444', title: 'Jotlist 2.0 is here' };
    const calls = stubBlogApi({
      'GET /api/blog/categories': { status: 200, body: { categories } },
      'GET /api/blog/posts': (call) => ({
        status: 200,
        body: { posts: call.search === `?category=${categories[1]?.id}` ? [news] : [samplePost] },
      }),
    });
    const user = userEvent.setup();
    renderList();

    const group = await screen.findByRole('group', { name: 'Filter posts by category' });
    await within(group).findByRole('button', { name: 'News' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All Posts', 'Guides', 'News']);
    expect(within(group).getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'News' }));
    expect(await screen.findByRole('heading', { name: news.title })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'News' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.some((call) => call.search === `?category=${categories[1]?.id}`)).toBe(true);

    await user.click(within(group).getByRole('button', { name: 'All Posts' }));
    expect(await screen.findByRole('heading', { name: samplePost.title })).toBeInTheDocument();
  });
});
