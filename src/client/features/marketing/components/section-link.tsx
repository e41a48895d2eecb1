import type { MouseEvent, ReactNode } from 'react';
import type { LandingSectionId } from '../../../../shared/site-chrome.ts';
import { Link } from '../../../lib/router.tsx';
import { scrollToSection } from '../scroll-to-section.ts';

interface SectionLinkProps {
  section: LandingSectionId;
  /** On the landing page the link scrolls in place; elsewhere it opens the landing page at the section. */
  onLanding: boolean;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}

export function SectionLink({ section, onLanding, className, onNavigate, children }: SectionLinkProps) {
  if (!onLanding) {
    return (
      <Link to={`/landing#${section}`} className={className} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, new window) keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (scrollToSection(section)) event.preventDefault();
    onNavigate?.();
  };
  return (
    <a href={`#${section}`} className={className} onClick={handleClick}>
      {children}
    </a>
  );
}
