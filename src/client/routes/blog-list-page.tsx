import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { BlogQueryProvider } from '../features/blog/blog-query.tsx';
import { BlogLayout } from '../features/blog/components/blog-layout.tsx';
import { BlogListView } from '../features/blog/components/blog-list-view.tsx';

export function BlogListPage() {
  useDocumentTitle('Blog');
  return (
    <BlogQueryProvider>
      <BlogLayout>
        <BlogListView />
      </BlogLayout>
    </BlogQueryProvider>
  );
}
