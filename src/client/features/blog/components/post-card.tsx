import MoveRight from 'lucide-react/icons/move-right';
import { tagsPerCard } from '../../../../shared/domain/blog.ts';
import type { PostCard as PostCardData } from '../../../../shared/schemas/blog.ts';
import { Link } from '../../../lib/router.tsx';
import { PostMeta, TagList } from './post-meta.tsx';

/** One post in the list: image, title, excerpt, date, reading time, up to 3 tags, Read more. */
export function PostCard({ post }: { post: PostCardData }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      {post.featuredImage ? (
        <img
          src={post.featuredImage}
          alt={post.title}
          loading="lazy"
          decoding="async"
          width={640}
          height={360}
          className="aspect-[16/9] w-full bg-slate-100 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
        <PostMeta publishedAt={post.publishedAt} readingTime={post.readingTime} />
        <h2 className="text-xl font-semibold tracking-tight text-balance text-slate-950">{post.title}</h2>
        {post.excerpt ? <p className="line-clamp-3 leading-7 text-slate-600">{post.excerpt}</p> : null}
        <TagList tags={post.tags} limit={tagsPerCard} />
        <div className="mt-auto pt-2">
          <Link
            to={`/blog/${post.slug}`}
            className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-blue-700 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            Read more <span className="sr-only">about {post.title}</span>
            <MoveRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}
