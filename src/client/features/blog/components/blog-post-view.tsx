import ArrowLeft from 'lucide-react/icons/arrow-left';
import { proseStyles } from '../../../../shared/blog-prose-styles.ts';
import { metaDescriptionOf, metaTitleOf } from '../../../../shared/domain/blog.ts';
import { messages } from '../../../../shared/messages.ts';
import type { PublicPost } from '../../../../shared/schemas/blog.ts';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Link, Navigate } from '../../../lib/router.tsx';
import { useBlogPost, useCountViewOnce } from '../hooks/use-public-blog.ts';
import { PostMeta, TagList } from './post-meta.tsx';
import { SanitizedHtml } from './sanitized-html.tsx';
import { ShareButton } from './share-button.tsx';

const backLinkStyle =
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-blue-700 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** `/blog/{slug}`: one published post. Missing, unpublished or failing: back to the list (docs/PRODUCT.md §2). */
export function BlogPostView({ slug }: { slug: string }) {
  const post = useBlogPost(slug);
  useCountViewOnce(slug);
  useDocumentTitle(post.data ? metaTitleOf(post.data) : 'Blog');

  if (post.isError) return <Navigate to="/blog" replace />;
  if (post.isPending) {
    return (
      <p role="status" className="py-32 text-center text-slate-600">
        {messages.blog.loadingPost}
      </p>
    );
  }
  return <PostArticle post={post.data} />;
}

function PostArticle({ post }: { post: PublicPost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">
      <Link to="/blog" className={backLinkStyle}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Blog
      </Link>
      {post.featuredImage ? (
        <img
          src={post.featuredImage}
          alt={post.title}
          width={1200}
          height={630}
          className="mt-8 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover"
        />
      ) : null}
      <header className="mt-8">
        <h1 className="text-3xl font-semibold tracking-tight text-balance text-slate-950 sm:text-5xl">
          {post.title}
        </h1>
        <div className="mt-5 flex flex-wrap items-center justify-between gap-4">
          <PostMeta publishedAt={post.publishedAt} readingTime={post.readingTime} />
          <ShareButton title={metaTitleOf(post)} text={metaDescriptionOf(post)} />
        </div>
        <div className="mt-5">
          <TagList tags={post.tags} />
        </div>
      </header>
      <SanitizedHtml html={post.content} className={`mt-10 ${proseStyles}`} />
      <footer className="mt-16 border-t border-slate-200 pt-8">
        <Link to="/blog" className={backLinkStyle}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Blog
        </Link>
      </footer>
    </article>
  );
}
