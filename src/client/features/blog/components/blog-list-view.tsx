import { messages } from '../../../../shared/messages.ts';
import { useSearchParams } from '../../../lib/router.tsx';
import { useBlogCategories, useBlogPosts } from '../hooks/use-public-blog.ts';
import { CategoryFilter } from './category-filter.tsx';
import { PostCard } from './post-card.tsx';

/**
 * The public list: heading, category filter and the cards. The chosen category lives in the address
 * (`?category=<id>`), so Back from a post returns to the same filter and a filtered list can be shared.
 */
export function BlogListView() {
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('category');
  const categories = useBlogCategories();
  const posts = useBlogPosts(categoryId);

  const select = (id: string | null) => setParams(id ? { category: id } : {}, { replace: true });

  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16 lg:px-8">
      <div className="max-w-2xl">
        <h1 className="text-4xl font-semibold tracking-tight text-slate-950 sm:text-5xl">Blog</h1>
        <p className="mt-4 text-lg leading-8 text-slate-600">Ideas, guides and news from the Jotlist team.</p>
      </div>
      <div className="mt-10">
        <CategoryFilter categories={categories.data ?? []} selected={categoryId} onSelect={select} />
      </div>
      <div className="mt-10">
        <PostsState posts={posts} />
      </div>
    </div>
  );
}

function PostsState({ posts }: { posts: ReturnType<typeof useBlogPosts> }) {
  if (posts.isPending) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        {messages.blog.loadingPosts}
      </p>
    );
  }
  if (posts.isError) {
    return (
      <p role="alert" className="py-16 text-center text-slate-600">
        {messages.generic}
      </p>
    );
  }
  if (posts.data.length === 0) {
    return <p className="py-16 text-center text-lg text-slate-600">{messages.blog.noPosts}</p>;
  }
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {posts.data.map((post) => (
        <li key={post.id} className="flex">
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
