import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPost } from '../../../shared/schemas/blog.ts';
import { useLocation, useParams } from '../../lib/router.tsx';
import { renderBlogScreen, stubBlogApi } from './blog-test-helpers.tsx';
import { BlogEditorView } from './components/blog-editor-view.tsx';

const category = { id: '22222222-2222-4222-8222-222222222222', name: 'Guides' };
const newId = '55555555-5555-4555-8555-555555555555';

const savedPost = (overrides: Partial<AdminPost> = {}): AdminPost => ({
  id: newId,
  title: 'Hello, World!',
  slug: 'hello-world',
  excerpt: '',
  content: '<p>Hi</p>',
  featuredImage: null,
  categoryId: null,
  status: 'draft',
  tags: [],
  readingTime: 5,
  metaTitle: '',
  metaDescription: '',
  publishedAt: null,
  views: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  authorId: null,
  ...overrides,
});

/** As the route page does: the id from the address, and a fresh editor per id. */
function EditorRoute() {
  const { id = 'new' } = useParams();
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="path">{pathname}</p>
      <BlogEditorView key={id} id={id} />
    </>
  );
}

function renderEditor(id = 'new') {
  const user = userEvent.setup();
  renderBlogScreen(<EditorRoute />, {
    path: '/blog/admin/edit/:id',
    url: `/blog/admin/edit/${id}`,
  });
  return user;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('post editor', () => {
  it('labels every field and starts with reading time 5 and no category', async () => {
    stubBlogApi({ 'GET /api/blog/categories': { status: 200, body: { categories: [category] } } });
    renderEditor();
    for (const label of [
      'Title',
      'Slug',
      'Excerpt',
      'Featured Image URL',
      'Category',
      'Tags',
      'Reading Time (minutes)',
      'Meta Title',
      'Meta Description',
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Content' })).toBeInTheDocument();
    expect(field('Reading Time (minutes)')).toHaveValue(5);
    expect(field('Category')).toHaveValue('');
    expect(await screen.findByRole('option', { name: 'Guides' })).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    for (const name of [
      'Heading 2',
      'Bold',
      'Italic',
      'Bullet list',
      'Link',
      'Quote',
      'Inline code',
      'Image',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('makes the slug from the title while creating, until the slug is edited', async () => {
    stubBlogApi({});
    const user = renderEditor();
    await user.type(field('Title'), '  Hello, World! Café 2026 ');
    expect(field('Slug')).toHaveValue('hello-world-caf-2026');

    await user.clear(field('Slug'));
    await user.type(field('Slug'), 'my-own-slug');
    await user.type(field('Title'), 'more');
    expect(field('Slug')).toHaveValue('my-own-slug');
  });

  it('Save Draft sends the post, shows Saving... while busy, then opens the new post', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const calls = stubBlogApi({
      'GET /api/blog/categories': { status: 200, body: { categories: [category] } },
      'POST /api/blog/admin/posts': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = renderEditor();
    await screen.findByRole('option', { name: 'Guides' });
    await user.type(field('Title'), 'Hello, World!');
    await user.type(field('Excerpt'), 'First words');
    await user.click(field('Featured Image URL'));
    await user.paste(' https://img.example.com/a.png ');
    await user.selectOptions(field('Category'), 'Guides');
    await user.click(field('Tags'));
    await user.paste(' news, , planning ,');
    await user.clear(field('Reading Time (minutes)'));
    await user.type(field('Reading Time (minutes)'), '7');
    await user.type(field('Meta Title'), 'Hello');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/blog/admin/posts');
    expect(sent?.body).toEqual({
      title: 'Hello, World!',
      slug: 'hello-world',
      excerpt: 'First words',
      // The content editor was not touched (typing into it is covered by the browser journey).
      content: '',
      featuredImage: 'https://img.example.com/a.png',
      categoryId: category.id,
      status: 'draft',
      tags: ['news', 'planning'],
      readingTime: 7,
      metaTitle: 'Hello',
      metaDescription: '',
      publish: false,
    });

    answer({ status: 201, body: savedPost() });
    // The page moves to the new post's edit page, filled from the saved post (no second fetch).
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(`/blog/admin/edit/${newId}`));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Edit Post' })).toBeInTheDocument());
    expect(field('Title')).toHaveValue('Hello, World!');
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/blog/admin/posts/${newId}`)).toBe(false);
    // Much typing, each key re-rendering the form: generous on a busy 2-core machine.
  }, 15_000);

  it('Publish on an existing post sends publish true with status published', async () => {
    const post = savedPost({ title: 'Old', slug: 'old', tags: ['a', 'b'], readingTime: 3 });
    const calls = stubBlogApi({
      [`GET /api/blog/admin/posts/${newId}`]: { status: 200, body: post },
      [`PUT /api/blog/admin/posts/${newId}`]: (call) => ({
        status: 200,
        body: {
          ...post,
          status: 'published',
          publishedAt: '2026-11-22T11:00:00.000Z',
          ...(call.body as object),
        },
      }),
    });
    const user = renderEditor(newId);
    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    expect(field('Tags')).toHaveValue('a, b');
    // Editing the title of an existing post leaves its slug alone.
    await user.type(field('Title'), 'er');
    expect(field('Slug')).toHaveValue('old');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      title: 'Older',
      slug: 'old',
      content: '<p>Hi</p>',
      status: 'published',
      publish: true,
      tags: ['a', 'b'],
      readingTime: 3,
    });
    expect(await screen.findByText('Published')).toBeInTheDocument();
  });

  it('shows a slug clash at the field and as Error saving post: <message>', async () => {
    stubBlogApi({
      'POST /api/blog/admin/posts': {
        status: 409,
        body: {
          error: {
            code: 'slug_taken',
            message: 'This slug is already used by another post',
            fields: { slug: 'This slug is already used by another post' },
          },
        },
      },
    });
    const user = renderEditor();
    await user.type(field('Title'), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error saving post: This slug is already used by another post',
    );
    expect(field('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Slug')).toHaveAccessibleDescription(/This slug is already used by another post/);
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
  });

  it('refuses a featured image that is not http or https before sending anything', async () => {
    const calls = stubBlogApi({});
    const user = renderEditor();
    await user.type(field('Title'), 'Pictures');
    await user.type(field('Featured Image URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving post: Featured image must be an http or https URL');
    expect(field('Featured Image URL')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/api/blog/admin/posts')).toBe(false);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});
