import type { ReactNode } from 'react';
import { mainContentId, publicLayoutStyles } from '../../../../shared/site-chrome.ts';
import { SkipLink } from '../../../components/layout/skip-link.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * Frame of every public page: skip link, fixed header, main landmark, footer. The main landmark is the
 * skip link's target, so it takes focus (tabIndex -1) without joining the tab order.
 */
export function PublicLayout({ children, onLanding = false }: { children: ReactNode; onLanding?: boolean }) {
  return (
    <div className={publicLayoutStyles.page}>
      <SkipLink />
      <SiteHeader onLanding={onLanding} />
      <main id={mainContentId} tabIndex={-1} className={publicLayoutStyles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
