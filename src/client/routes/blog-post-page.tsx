import { BlogQueryProvider } from '../features/blog/blog-query.tsx';
import { BlogLayout } from '../features/blog/components/blog-layout.tsx';
import { BlogPostView } from '../features/blog/components/blog-post-view.tsx';
import { useParams } from '../lib/router.tsx';

export function BlogPostPage() {
  const { slug = '' } = useParams();
  return (
    <BlogQueryProvider>
      <BlogLayout>
        {/* Keyed by slug: another post is a fresh page open (its own view count and state). */}
        <BlogPostView key={slug} slug={slug} />
      </BlogLayout>
    </BlogQueryProvider>
  );
}
