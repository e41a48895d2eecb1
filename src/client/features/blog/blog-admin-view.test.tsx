import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notFound, renderBlogScreen, stubBlogApi } from './blog-test-helpers.tsx';
import { AdminGate } from './components/admin-gate.tsx';
import { BlogAdminView } from './components/blog-admin-view.tsx';

const draft = {
  id: '66666666-6666-4666-8666-666666666666',
  title: 'Work in progress',
  slug: 'work-in-progress',
  status: 'draft',
  publishedAt: null,
  views: 0,
  createdAt: '2026-11-22T12:00:00.000Z',
};
const published = {
  id: '77777777-7777-4777-8777-777777777777',
  title: 'Out in the world',
  slug: 'out-in-the-world',
  status: 'published',
  publishedAt: '2026-11-21T09:00:00.000Z',
  views: 42,
  createdAt: '2026-11-20T12:00:00.000Z',
};

const renderAdmin = () =>
  renderBlogScreen(
    <AdminGate notFound={<h1>Page not found</h1>}>
      <BlogAdminView />
    </AdminGate>,
    { path: '/blog/admin', url: '/blog/admin' },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('blog admin', () => {
  it('shows No blog posts yet with Create Your First Post when there are none', async () => {
    stubBlogApi({ 'GET /api/blog/admin/posts': { status: 200, body: { posts: [] } } });
    renderAdmin();
    expect(await screen.findByText('No blog posts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Post' })).toHaveAttribute(
      'href',
      '/blog/admin/new',
    );
    expect(screen.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/blog/admin/new');
    expect(screen.getByRole('link', { name: 'View Blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: 'Back to App' })).toHaveAttribute('href', '/');
  });

  it('lists posts: slug under the title, status, date or Not published, views; View only when published', async () => {
    stubBlogApi({ 'GET /api/blog/admin/posts': { status: 200, body: { posts: [draft, published] } } });
    renderAdmin();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Status', 'Published', 'Views', 'Actions']);
    const [, draftRow, publishedRow] = within(table).getAllByRole('row');
    if (!draftRow || !publishedRow) throw new Error('rows missing');
    expect(draftRow).toHaveTextContent('work-in-progress');
    expect(within(draftRow).getAllByText('Not published').length).toBeGreaterThan(0);
    expect(within(draftRow).queryByRole('link', { name: /^View/ })).not.toBeInTheDocument();
    expect(within(draftRow).getByRole('link', { name: 'Edit Work in progress' })).toHaveAttribute(
      'href',
      `/blog/admin/edit/${draft.id}`,
    );
    expect(within(publishedRow).getAllByText('November 21, 2026').length).toBeGreaterThan(0);
    expect(within(publishedRow).getByRole('link', { name: 'View Out in the world' })).toHaveAttribute(
      'href',
      '/blog/out-in-the-world',
    );
  });

  it('deletes a post only after Are you sure you want to delete this post?', async () => {
    let posts = [draft, published];
    const calls = stubBlogApi({
      'GET /api/blog/admin/posts': () => ({ status: 200, body: { posts } }),
      [`DELETE /api/blog/admin/posts/${draft.id}`]: () => {
        posts = [published];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Delete Work in progress' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this post?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Work in progress' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Delete Out in the world' })).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === `/api/blog/admin/posts/${draft.id}`),
    ).toBe(true);
  });

  it('shows the not-found screen to an account the API does not know as an admin', async () => {
    stubBlogApi({ 'GET /api/blog/admin/posts': notFound });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Blog Posts')).not.toBeInTheDocument();
  });
});
