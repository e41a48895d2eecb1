import ArrowLeft from 'lucide-react/icons/arrow-left';
import { buttonStyles } from '../../shared/site-chrome.ts';
import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { PublicLayout } from '../features/marketing/components/public-layout.tsx';
import { Link } from '../lib/router.tsx';

const suggestions = [
  { to: '/blog', label: 'Read the blog' },
  { to: '/about', label: 'About Jotlist' },
  { to: '/contact', label: 'Contact support' },
];

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 pt-40 pb-28 text-center sm:px-6">
        <p className="rounded-full bg-blue-50 px-3 py-1 text-sm font-semibold text-blue-700 ring-1 ring-blue-100">
          404
        </p>
        <h1 className="mt-6 text-4xl font-semibold tracking-tight text-slate-950 sm:text-5xl">
          Page not found
        </h1>
        <p className="mt-5 text-lg leading-8 text-slate-600">
          This page seems to have wandered off — maybe it was moved, or the link has a typo. Your notes are
          safe, though.
        </p>
        <Link to="/" className={`mt-10 ${buttonStyles.primary} ${buttonStyles.md}`}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to home
        </Link>
        <ul className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {suggestions.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="font-medium text-slate-600 hover:text-slate-900">
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </PublicLayout>
  );
}
