import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { buttonStyles } from '../../../../shared/site-chrome.ts';
import { Link } from '../../../lib/router.tsx';
import { PublicLayout } from '../../marketing/index.ts';

/**
 * Frame of the public blog pages: the public site's frame (skip link, header, footer with About,
 * Contact, Privacy, Terms, Security) with the blog's own nav bar under the fixed header: the blog's
 * name and Back to App. Built on PublicLayout rather than its parts: importing those parts one by one
 * from this lazy chunk made the bundler split React and the router out of the entry chunk (+2 KB gzip
 * on the landing page, measured with `npm run bench -- bundle-size`).
 */
export function BlogLayout({ children }: { children: ReactNode }) {
  return (
    <PublicLayout>
      <nav aria-label="Blog" className="border-b border-slate-200 bg-slate-50/70 pt-16">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link
            to="/blog"
            className="rounded-md text-sm font-semibold text-slate-800 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            Jotlist Blog
          </Link>
          <Link to="/" className={`${buttonStyles.ghost} ${buttonStyles.sm}`}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to App
          </Link>
        </div>
      </nav>
      {children}
    </PublicLayout>
  );
}
