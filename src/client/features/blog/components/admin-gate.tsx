import type { ReactNode } from 'react';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminPosts } from '../hooks/use-blog-admin.ts';
import { AdminLayout } from './admin-layout.tsx';

/**
 * The admin pages' door. The server is the only judge of who is an admin (ADMIN_EMAILS): the posts
 * list answers 404 to anybody else, and then the page is the not-found screen, as if it did not exist.
 * The list is the table's data too, so the check costs the admin page nothing.
 */
export function AdminGate({ notFound, children }: { notFound: ReactNode; children: ReactNode }) {
  const posts = useAdminPosts();
  if (posts.isPending) return <FullScreenSpinner />;
  if (posts.isError && posts.error instanceof ApiError && posts.error.status === 404) return notFound;
  return <AdminLayout>{children}</AdminLayout>;
}
