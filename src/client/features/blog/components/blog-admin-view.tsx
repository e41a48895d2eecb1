import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { AdminPostRow } from '../../../../shared/schemas/blog.ts';
import { buttonStyles } from '../../../../shared/site-chrome.ts';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.tsx';
import { Link } from '../../../lib/router.tsx';
import { useAdminPosts, useDeletePost } from '../hooks/use-blog-admin.ts';
import { AdminLoading } from './admin-layout.tsx';
import { AdminPostsTable } from './admin-posts-table.tsx';
import { CategoriesManager } from './categories-manager.tsx';

/** `/blog/admin`: the Blog Posts table with New Post, the empty state, and the categories. */
export function BlogAdminView() {
  const posts = useAdminPosts();
  const remove = useDeletePost();
  const [pending, setPending] = useState<AdminPostRow | null>(null);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-950">Blog Posts</h1>
        <Link to="/blog/admin/new" className={`${buttonStyles.primary} ${buttonStyles.md}`}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New Post
        </Link>
      </div>
      {remove.isError ? (
        <p
          role="alert"
          className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
        >
          {remove.error.message}
        </p>
      ) : null}
      <div className="mt-8">
        {posts.isPending ? (
          <AdminLoading />
        ) : posts.isError ? (
          <p role="alert" className="py-16 text-center text-slate-600">
            {posts.error.message}
          </p>
        ) : posts.data.length === 0 ? (
          <EmptyState />
        ) : (
          <AdminPostsTable posts={posts.data} onDelete={setPending} />
        )}
      </div>
      <div className="mt-12">
        <CategoriesManager />
      </div>
      <ConfirmDelete
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Delete post?"
        description={messages.blog.confirmDelete}
        onConfirm={() => {
          if (pending) remove.mutate(pending.id);
          setPending(null);
        }}
      />
    </>
  );
}

function EmptyState() {
  return (
    <div className="rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">{messages.blog.noPostsYet}</p>
      <Link to="/blog/admin/new" className={`mt-6 ${buttonStyles.primary} ${buttonStyles.md}`}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {messages.blog.createFirst}
      </Link>
    </div>
  );
}
