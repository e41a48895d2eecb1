import type { ReactNode } from 'react';
import { SkipLink } from '../../../components/layout/skip-link.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * Frame of every public page: skip link, fixed header, main landmark, footer. The main landmark is the
 * skip link's target, so it takes focus (tabIndex -1) without joining the tab order.
 */
export function PublicLayout({ children, onLanding = false }: { children: ReactNode; onLanding?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <SkipLink />
      <SiteHeader onLanding={onLanding} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
