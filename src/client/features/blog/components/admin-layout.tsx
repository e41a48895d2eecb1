import ArrowLeft from 'lucide-react/icons/arrow-left';
import ExternalLink from 'lucide-react/icons/external-link';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { buttonStyles } from '../../../../shared/site-chrome.ts';
import { Logo } from '../../../components/layout/logo.tsx';
import { SkipLink } from '../../../components/layout/skip-link.tsx';
import { Link } from '../../../lib/router.tsx';

/** Frame of the blog admin pages: logo, links to the public blog and back to the app, main landmark. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Blog admin"
          className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8"
        >
          <Logo />
          <div className="flex items-center gap-1 sm:gap-2">
            <Link to="/blog" className={`${buttonStyles.ghost} ${buttonStyles.sm}`}>
              <ExternalLink className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              View Blog
            </Link>
            <Link to="/" className={`${buttonStyles.ghost} ${buttonStyles.sm}`}>
              <ArrowLeft className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Back to App
            </Link>
          </div>
        </nav>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">{children}</div>
      </main>
    </div>
  );
}

/** A status line while an admin page loads. */
export function AdminLoading() {
  return (
    <p role="status" className="py-16 text-center text-slate-600">
      {messages.loading}
    </p>
  );
}
