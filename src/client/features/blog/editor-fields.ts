import { defaultReadingTime, formatTags, parseTags } from '../../../shared/domain/blog.ts';
import type { AdminPost, BlogStatus, SavePostBody } from '../../../shared/schemas/blog.ts';

/** The editor's form as typed: every field is text until it is saved. */
export interface EditorFields {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string;
  categoryId: string;
  tags: string;
  readingTime: string;
  metaTitle: string;
  metaDescription: string;
}

export const emptyFields: EditorFields = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  featuredImage: '',
  categoryId: '',
  tags: '',
  readingTime: String(defaultReadingTime),
  metaTitle: '',
  metaDescription: '',
};

export function fieldsOf(post: AdminPost): EditorFields {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    featuredImage: post.featuredImage ?? '',
    categoryId: post.categoryId ?? '',
    tags: formatTags(post.tags),
    readingTime: String(post.readingTime),
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
  };
}

/**
 * What Save Draft (publish false: the status stays as it is) and Publish (publish true) send. Empty
 * image and category become null; tags are split on commas, trimmed, empties dropped. A reading time
 * that is not a number becomes -1, which the shared schema rejects with its own message.
 */
export function saveBodyOf(fields: EditorFields, status: BlogStatus, publish: boolean): SavePostBody {
  const readingTime = Number(fields.readingTime.trim() === '' ? Number.NaN : fields.readingTime);
  return {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    content: fields.content,
    featuredImage: fields.featuredImage.trim() === '' ? null : fields.featuredImage.trim(),
    categoryId: fields.categoryId === '' ? null : fields.categoryId,
    status: publish ? 'published' : status,
    tags: parseTags(fields.tags),
    readingTime: Number.isFinite(readingTime) ? readingTime : -1,
    metaTitle: fields.metaTitle,
    metaDescription: fields.metaDescription,
    publish,
  };
}
