import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BlogPageData, blogPageDataElementId } from '../../../shared/schemas/blog.ts';
import { MemoryRouter } from '../../lib/memory-router.tsx';
import { Route } from '../../lib/router.tsx';
import { AppRoutes, preloadServerRenderedPage } from '../../routes/router.tsx';
import { AuthProvider } from '../auth/index.ts';
import { blogKeys } from './api.ts';
import { samplePost, stubBlogApi } from './blog-test-helpers.tsx';
import { BlogPostView } from './components/blog-post-view.tsx';
import { seedFromServerPage } from './page-data.ts';

const publicPost = {
  ...samplePost,
  content: '<p>Write <strong>everything</strong> down.</p>',
  metaTitle: '',
  metaDescription: '',
  views: 3,
};

/** What the server embeds in /blog or /blog/{slug} (blog-html.ts). */
function embed(data: BlogPageData | string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = blogPageDataElementId;
  element.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.body.append(element);
}

/** The blog API never answers: whatever shows came from the embedded data. */
const hang = () => new Promise<never>(() => {});

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(blogPageDataElementId)?.remove();
  window.history.replaceState(null, '', '/');
});

describe('a server-rendered blog page taken over by the SPA', () => {
  it('/blog renders its posts and categories in the first render: no spinner, no Loading posts...', async () => {
    stubBlogApi({
      'GET /api/blog/posts': hang,
      'GET /api/blog/categories': hang,
      [`GET /api/blog/posts/${samplePost.slug}`]: { status: 200, body: publicPost },
      [`POST /api/blog/posts/${samplePost.slug}/view`]: { status: 200, body: { views: 4 } },
    });
    embed({
      kind: 'list',
      categories: [{ id: samplePost.categoryId, name: 'Planning' }],
      posts: [samplePost],
    });
    window.history.replaceState(null, '', '/blog');
    await preloadServerRenderedPage();

    // No waiting: what the first render commits is what the reader sees over the server's markup.
    render(
      <AuthProvider>
        <MemoryRouter url="/blog">
          <AppRoutes />
        </MemoryRouter>
      </AuthProvider>,
    );
    expect(screen.getByRole('heading', { name: samplePost.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Planning' })).toBeTruthy();
    expect(screen.queryByText('Loading posts...')).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(document.getElementById(blogPageDataElementId)).toBeNull();

    // Then the SPA navigates as usual: Read more opens the post (loaded on demand, fetched).
    fireEvent.click(screen.getByRole('link', { name: `Read more about ${samplePost.title}` }));
    expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeTruthy();
    expect(screen.getByText('everything')).toBeTruthy();
  });

  it('a post renders from the embedded data without Loading post...', () => {
    stubBlogApi({
      [`GET /api/blog/posts/${samplePost.slug}`]: hang,
      [`POST /api/blog/posts/${samplePost.slug}/view`]: { status: 200, body: { views: 1 } },
    });
    embed({ kind: 'post', post: publicPost });
    const client = new QueryClient();
    seedFromServerPage(client);
    render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter url={`/blog/${samplePost.slug}`}>
            <Route path="/blog/:slug">
              <BlogPostView slug={samplePost.slug} />
            </Route>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: samplePost.title })).toBeTruthy();
    expect(screen.getByText('everything')).toBeTruthy();
    expect(screen.queryByText('Loading post...')).toBeNull();
  });

  it('seeds only the keys the data is for, and ignores data that does not parse', () => {
    embed({ kind: 'post', post: publicPost });
    const client = new QueryClient();
    seedFromServerPage(client);
    expect(client.getQueryData(blogKeys.post(samplePost.slug))).toEqual(publicPost);
    expect(client.getQueryData(blogKeys.post('another-post'))).toBeUndefined();
    expect(client.getQueryData(blogKeys.posts(null))).toBeUndefined();

    for (const bad of ['{"kind":"post","post":{"title":1}}', 'not json']) {
      embed(bad);
      const other = new QueryClient();
      seedFromServerPage(other);
      expect(other.getQueryCache().getAll()).toHaveLength(0);
    }
  });
});
