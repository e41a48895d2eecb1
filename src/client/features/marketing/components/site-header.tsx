import MenuIcon from 'lucide-react/icons/menu';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import {
  accountLinks,
  buttonStyles,
  headerScrollThreshold,
  landingSections,
  menuLabels,
  mobileMenuId,
  siteHeaderStyles as s,
} from '../../../../shared/site-chrome.ts';
import { Logo } from '../../../components/layout/logo.tsx';
import { Link } from '../../../lib/router.tsx';
import { SectionLink } from './section-link.tsx';
import { TrialLink } from './trial-link.tsx';

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    // Passive: the listener never cancels scrolling, so the browser need not wait for it.
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/**
 * The public pages' top bar: logo, section links, Sign In and Start Free Trial. Transparent over the
 * hero, then white with a blur and shadow once the page has scrolled; on narrow screens the links move
 * into a menu opened by a toggle.
 */
export function SiteHeader({ onLanding = false }: { onLanding?: boolean }) {
  const scrolled = useScrolledPast(headerScrollThreshold);
  const [menuOpen, setMenuOpen] = useState(false);
  const solid = scrolled || menuOpen;

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header data-scrolled={scrolled ? 'true' : 'false'} className={`${s.base} ${solid ? s.solid : s.clear}`}>
      <div className={s.bar}>
        <Logo />
        <nav aria-label="Main" className={s.nav}>
          {landingSections.map((section) => (
            <SectionLink key={section.id} section={section.id} onLanding={onLanding} className={s.navLink}>
              {section.label}
            </SectionLink>
          ))}
        </nav>
        <div className={s.actions}>
          <Link to={accountLinks.signIn.to} className={`${buttonStyles.ghost} ${buttonStyles.sm}`}>
            {accountLinks.signIn.label}
          </Link>
          <TrialLink className={`${buttonStyles.primary} ${buttonStyles.sm}`} />
        </div>
        <button
          type="button"
          className={s.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={mobileMenuId}
          aria-label={menuOpen ? menuLabels.close : menuLabels.open}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <XIcon className={s.menuIcon} aria-hidden="true" />
          ) : (
            <MenuIcon className={s.menuIcon} aria-hidden="true" />
          )}
        </button>
      </div>
      <div id={mobileMenuId} hidden={!menuOpen} className={s.mobileMenu}>
        <nav aria-label="Mobile" className={s.mobileNav}>
          {landingSections.map((section) => (
            <SectionLink
              key={section.id}
              section={section.id}
              onLanding={onLanding}
              onNavigate={closeMenu}
              className={s.mobileLink}
            >
              {section.label}
            </SectionLink>
          ))}
          <div className={s.mobileActions}>
            <Link
              to={accountLinks.signIn.to}
              onClick={closeMenu}
              className={`${buttonStyles.secondary} ${buttonStyles.md}`}
            >
              {accountLinks.signIn.label}
            </Link>
            <TrialLink onClick={closeMenu} className={`${buttonStyles.primary} ${buttonStyles.md}`} />
          </div>
        </nav>
      </div>
    </header>
  );
}
