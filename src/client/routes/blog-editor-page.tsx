import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { BlogQueryProvider } from '../features/blog/blog-query.tsx';
import { AdminGate } from '../features/blog/components/admin-gate.tsx';
import { BlogEditorView } from '../features/blog/components/blog-editor-view.tsx';
import { useParams } from '../lib/router.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** The editor route: `/blog/admin/edit/:id` (`new` creates) and `/blog/admin/new` (no id: creates). */
export function BlogEditorPage() {
  const { id = 'new' } = useParams();
  useDocumentTitle(id === 'new' ? 'New Post' : 'Edit Post');
  return (
    <BlogQueryProvider>
      <AdminGate notFound={<NotFoundPage />}>
        {/* Keyed by id: after creating, the page moves to the new id and starts from the saved post. */}
        <BlogEditorView key={id} id={id} />
      </AdminGate>
    </BlogQueryProvider>
  );
}
