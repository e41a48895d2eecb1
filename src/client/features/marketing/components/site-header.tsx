import MenuIcon from 'lucide-react/icons/menu';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { Logo } from '../../../components/layout/logo.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Link } from '../../../lib/router.tsx';
import { landingSections, SectionLink } from './section-link.tsx';
import { TrialLink } from './trial-link.tsx';

/** Past this many pixels of scroll the header turns solid (docs/PRODUCT.md §9: landing header threshold 20 px). */
export const scrollThreshold = 20;

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

const navLinkStyle =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/**
 * The public pages' top bar: logo, section links, Sign In and Start Free Trial. Transparent over the
 * hero, then white with a blur and shadow once the page has scrolled; on narrow screens the links move
 * into a menu opened by a toggle.
 */
export function SiteHeader({ onLanding = false }: { onLanding?: boolean }) {
  const scrolled = useScrolledPast(scrollThreshold);
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
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-50 border-b transition-[background-color,box-shadow,border-color] duration-300 ${
        solid
          ? 'border-slate-200/80 bg-white/85 shadow-[0_1px_12px_rgba(15,23,42,0.06)] backdrop-blur-lg'
          : 'border-transparent bg-transparent'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {landingSections.map((section) => (
            <SectionLink key={section.id} section={section.id} onLanding={onLanding} className={navLinkStyle}>
              {section.label}
            </SectionLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Link to="/auth/signin" className={`${buttonStyles.ghost} ${buttonStyles.sm}`}>
            Sign In
          </Link>
          <TrialLink className={`${buttonStyles.primary} ${buttonStyles.sm}`} />
        </div>
        <button
          type="button"
          className="-mr-1 inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <XIcon className="h-5 w-5" aria-hidden="true" />
          ) : (
            <MenuIcon className="h-5 w-5" aria-hidden="true" />
          )}
        </button>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200/80 md:hidden">
        <nav aria-label="Mobile" className="mx-auto flex max-w-6xl flex-col px-4 py-3 sm:px-6">
          {landingSections.map((section) => (
            <SectionLink
              key={section.id}
              section={section.id}
              onLanding={onLanding}
              onNavigate={closeMenu}
              className="rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {section.label}
            </SectionLink>
          ))}
          <div className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-200/80 pt-4 pb-1">
            <Link
              to="/auth/signin"
              onClick={closeMenu}
              className={`${buttonStyles.secondary} ${buttonStyles.md}`}
            >
              Sign In
            </Link>
            <TrialLink onClick={closeMenu} className={`${buttonStyles.primary} ${buttonStyles.md}`} />
          </div>
        </nav>
      </div>
    </header>
  );
}
