import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { BlogQueryProvider } from '../features/blog/blog-query.tsx';
import { AdminGate } from '../features/blog/components/admin-gate.tsx';
import { BlogAdminView } from '../features/blog/components/blog-admin-view.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export function BlogAdminPage() {
  useDocumentTitle('Blog Posts');
  return (
    <BlogQueryProvider>
      <AdminGate notFound={<NotFoundPage />}>
        <BlogAdminView />
      </AdminGate>
    </BlogQueryProvider>
  );
}
