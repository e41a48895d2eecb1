import { Link } from '../../../lib/router.tsx';
import { useAdminPost } from '../hooks/use-blog-admin.ts';
import { AdminLoading } from './admin-layout.tsx';
import { PostEditorForm } from './post-editor-form.tsx';

/** `/blog/admin/edit/{id}` (id `new` creates) and `/blog/admin/new`: the editor, filled once loaded. */
export function BlogEditorView({ id }: { id: string }) {
  const creating = id === 'new';
  const post = useAdminPost(id, !creating);

  if (creating) return <PostEditorForm post={null} />;
  if (post.isPending) return <AdminLoading />;
  if (post.isError) {
    return (
      <div role="alert" className="py-16 text-center text-slate-700">
        <p>{post.error.message}</p>
        <Link to="/blog/admin" className="mt-4 inline-block font-semibold text-blue-700 underline">
          Back to Blog Posts
        </Link>
      </div>
    );
  }
  return <PostEditorForm post={post.data} />;
}
