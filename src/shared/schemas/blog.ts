import { z } from 'zod';
import { isHttpUrl, minReadingTime, reservedSlugs, slugPattern } from '../domain/blog.ts';
import { messages } from '../messages.ts';

/**
 * The blog: request and response shapes of /api/blog/* (contract: the blog's public list, post and view
 * counter; the admin's posts and categories). Timestamps are ISO-8601 UTC strings; ids are UUIDs.
 */

const m = messages.blogApi;

export const blogLimits = {
  title: 300,
  slug: 200,
  excerpt: 1_000,
  /** Sanitized HTML of one post; generous for long articles with many images by URL. */
  content: 500_000,
  url: 2_000,
  tags: 30,
  tag: 60,
  readingTime: 1_000,
  metaTitle: 300,
  metaDescription: 1_000,
  categoryName: 100,
} as const;

export const blogStatusSchema = z.enum(['draft', 'published']);
export type BlogStatus = z.infer<typeof blogStatusSchema>;

const idField = z.uuid();

export const blogIdParamsSchema = z.object({ id: idField });
export type BlogIdParams = z.infer<typeof blogIdParamsSchema>;

/** A slug in a URL: anything short; a slug that cannot exist simply answers 404. */
export const blogSlugParamsSchema = z.object({ slug: z.string().min(1).max(blogLimits.slug) });
export type BlogSlugParams = z.infer<typeof blogSlugParamsSchema>;

// ---- Categories ----

export const blogCategorySchema = z.object({ id: idField, name: z.string() });
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const blogCategoriesResponseSchema = z.object({ categories: z.array(blogCategorySchema) });
export type BlogCategoriesResponse = z.infer<typeof blogCategoriesResponseSchema>;

export const saveBlogCategoryBodySchema = z.object({
  name: z
    .string({ error: m.categoryNameRequired })
    .trim()
    .min(1, { error: m.categoryNameRequired })
    .max(blogLimits.categoryName, { error: m.categoryNameTooLong }),
});
export type SaveBlogCategoryBody = z.infer<typeof saveBlogCategoryBodySchema>;

// ---- Public posts ----

export const blogPostsQuerySchema = z.object({ category: idField.optional() });
export type BlogPostsQuery = z.infer<typeof blogPostsQuerySchema>;

export const postCardSchema = z.object({
  id: idField,
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  featuredImage: z.string().nullable(),
  categoryId: z.string().nullable(),
  tags: z.array(z.string()),
  readingTime: z.number().int(),
  publishedAt: z.string(),
});
export type PostCard = z.infer<typeof postCardSchema>;

export const postCardsResponseSchema = z.object({ posts: z.array(postCardSchema) });
export type PostCardsResponse = z.infer<typeof postCardsResponseSchema>;

export const publicPostSchema = postCardSchema.extend({
  /** Sanitized HTML: safe to render as markup. */
  content: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  views: z.number().int(),
});
export type PublicPost = z.infer<typeof publicPostSchema>;

/**
 * The data of a server-rendered blog page, embedded in it as `<script type="application/json"
 * id="jotlist-blog-data">` so the SPA starts from it instead of a loading state (no layout shift).
 */
export const blogPageDataElementId = 'jotlist-blog-data';
export const blogPageDataSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('list'),
    categories: z.array(blogCategorySchema),
    posts: z.array(postCardSchema),
  }),
  z.object({ kind: z.literal('post'), post: publicPostSchema }),
]);
export type BlogPageData = z.infer<typeof blogPageDataSchema>;

export const postViewsResponseSchema = z.object({ views: z.number().int() });
export type PostViewsResponse = z.infer<typeof postViewsResponseSchema>;

// ---- Admin posts ----

export const adminPostRowSchema = z.object({
  id: idField,
  title: z.string(),
  slug: z.string(),
  status: blogStatusSchema,
  publishedAt: z.string().nullable(),
  views: z.number().int(),
  createdAt: z.string(),
});
export type AdminPostRow = z.infer<typeof adminPostRowSchema>;

export const adminPostsResponseSchema = z.object({ posts: z.array(adminPostRowSchema) });
export type AdminPostsResponse = z.infer<typeof adminPostsResponseSchema>;

export const adminPostSchema = z.object({
  id: idField,
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  featuredImage: z.string().nullable(),
  categoryId: z.string().nullable(),
  status: blogStatusSchema,
  tags: z.array(z.string()),
  readingTime: z.number().int(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  publishedAt: z.string().nullable(),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  authorId: z.string().nullable(),
});
export type AdminPost = z.infer<typeof adminPostSchema>;

/**
 * What the editor saves. `publish: true` is the Publish button (status published, published now);
 * `publish: false` is Save Draft (status as given, publishedAt null: docs/PRODUCT.md §4). The content is HTML and
 * is sanitized by the server on every save; empty meta fields are stored empty (pages fall back).
 */
export const savePostBodySchema = z.object({
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, { error: m.titleRequired })
    .max(blogLimits.title, { error: m.titleTooLong }),
  slug: z
    .string({ error: m.slugRequired })
    .trim()
    .min(1, { error: m.slugRequired })
    .max(blogLimits.slug, { error: m.slugTooLong })
    .regex(slugPattern, { error: m.slugInvalid })
    .refine((slug) => !reservedSlugs.includes(slug), { error: m.slugReserved }),
  excerpt: z.string().trim().max(blogLimits.excerpt, { error: m.excerptTooLong }),
  content: z.string().max(blogLimits.content, { error: m.contentTooLong }),
  featuredImage: z
    .string()
    .trim()
    .max(blogLimits.url, { error: m.imageInvalid })
    .refine(isHttpUrl, { error: m.imageInvalid })
    .nullable(),
  categoryId: idField.nullable(),
  status: blogStatusSchema,
  tags: z
    .array(z.string().trim().min(1).max(blogLimits.tag, { error: m.tagTooLong }))
    .max(blogLimits.tags, { error: m.tooManyTags }),
  readingTime: z
    .number({ error: m.readingTimeInvalid })
    .int({ error: m.readingTimeInvalid })
    .min(minReadingTime, { error: m.readingTimeInvalid })
    .max(blogLimits.readingTime, { error: m.readingTimeInvalid }),
  metaTitle: z.string().trim().max(blogLimits.metaTitle, { error: m.metaTitleTooLong }),
  metaDescription: z.string().trim().max(blogLimits.metaDescription, { error: m.metaDescriptionTooLong }),
  publish: z.boolean(),
});
export type SavePostBody = z.infer<typeof savePostBodySchema>;
