import { z } from 'zod';
import {
  adminPostSchema,
  adminPostsResponseSchema,
  blogCategoriesResponseSchema,
  blogCategorySchema,
  postCardsResponseSchema,
  postViewsResponseSchema,
  publicPostSchema,
  type SavePostBody,
} from '../../../shared/schemas/blog.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The blog API as the blog pages call it; every answer is checked against the shared schemas. */

const empty = z.unknown();

export const blogKeys = {
  categories: ['blog', 'categories'] as const,
  posts: (categoryId: string | null) => ['blog', 'posts', categoryId ?? 'all'] as const,
  allPosts: ['blog', 'posts'] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  allPublicPosts: ['blog', 'post'] as const,
  // Admin answers are keyed by the signed-in user, so another account in the same tab never sees them.
  adminPosts: (userId: string) => ['blog', 'admin', userId, 'posts'] as const,
  adminPost: (userId: string, id: string) => ['blog', 'admin', userId, 'post', id] as const,
};

const encode = encodeURIComponent;

export const blogApi = {
  categories: (signal?: AbortSignal) =>
    apiRequest('/api/blog/categories', blogCategoriesResponseSchema, { signal }),
  posts: (categoryId: string | null, signal?: AbortSignal) =>
    apiRequest(
      categoryId ? `/api/blog/posts?category=${encode(categoryId)}` : '/api/blog/posts',
      postCardsResponseSchema,
      { signal },
    ),
  post: (slug: string, signal?: AbortSignal) =>
    apiRequest(`/api/blog/posts/${encode(slug)}`, publicPostSchema, { signal }),
  countView: (slug: string) =>
    apiRequest(`/api/blog/posts/${encode(slug)}/view`, postViewsResponseSchema, { method: 'POST' }),

  adminPosts: (signal?: AbortSignal) =>
    apiRequest('/api/blog/admin/posts', adminPostsResponseSchema, { signal }),
  adminPost: (id: string, signal?: AbortSignal) =>
    apiRequest(`/api/blog/admin/posts/${encode(id)}`, adminPostSchema, { signal }),
  createPost: (body: SavePostBody) =>
    apiRequest('/api/blog/admin/posts', adminPostSchema, { method: 'POST', body }),
  updatePost: (id: string, body: SavePostBody) =>
    apiRequest(`/api/blog/admin/posts/${encode(id)}`, adminPostSchema, { method: 'PUT', body }),
  deletePost: (id: string) => apiRequest(`/api/blog/admin/posts/${encode(id)}`, empty, { method: 'DELETE' }),

  createCategory: (name: string) =>
    apiRequest('/api/blog/admin/categories', blogCategorySchema, { method: 'POST', body: { name } }),
  renameCategory: (id: string, name: string) =>
    apiRequest(`/api/blog/admin/categories/${encode(id)}`, blogCategorySchema, {
      method: 'PATCH',
      body: { name },
    }),
  deleteCategory: (id: string) =>
    apiRequest(`/api/blog/admin/categories/${encode(id)}`, empty, { method: 'DELETE' }),
};
