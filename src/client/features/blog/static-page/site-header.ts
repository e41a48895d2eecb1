import { icon } from '../../../../shared/blog-markup.ts';
import {
  headerScrollThreshold,
  menuLabels,
  mobileMenuId,
  siteHeaderStyles,
} from '../../../../shared/site-chrome.ts';

/**
 * The server-rendered site header's behaviour, as the SPA's SiteHeader has it: solid once the page has
 * scrolled or while the menu is open; on narrow screens a toggle opens the links' menu, Escape closes it.
 */
export function runSiteHeader(doc: Document): void {
  const header = doc.querySelector<HTMLElement>('header[data-scrolled]');
  const toggle = header?.querySelector<HTMLButtonElement>(`button[aria-controls="${mobileMenuId}"]`);
  const menu = doc.getElementById(mobileMenuId);
  const view = doc.defaultView;
  if (!header || !toggle || !menu || !view) return;

  let scrolled = false;
  let menuOpen = false;
  const paint = () => {
    header.dataset.scrolled = String(scrolled);
    const look = scrolled || menuOpen ? siteHeaderStyles.solid : siteHeaderStyles.clear;
    header.className = `${siteHeaderStyles.base} ${look}`;
    toggle.setAttribute('aria-expanded', String(menuOpen));
    toggle.setAttribute('aria-label', menuOpen ? menuLabels.close : menuLabels.open);
    toggle.innerHTML = icon(menuOpen ? 'x' : 'menu', siteHeaderStyles.menuIcon);
    menu.hidden = !menuOpen;
  };
  const setMenu = (open: boolean) => {
    menuOpen = open;
    paint();
  };
  const onScroll = () => {
    const past = view.scrollY > headerScrollThreshold;
    if (past === scrolled) return;
    scrolled = past;
    paint();
  };

  toggle.addEventListener('click', () => setMenu(!menuOpen));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setMenu(false);
  });
  view.addEventListener('keydown', (event) => {
    if (menuOpen && event.key === 'Escape') setMenu(false);
  });
  // Passive: the listener never cancels scrolling, so the browser need not wait for it.
  view.addEventListener('scroll', onScroll, { passive: true });
  // A page opened part-way down (reload, Back) starts solid. Read in the next frame, whose layout is
  // due anyway: reading scrollY now would force the page's first layout inside this script's task.
  view.requestAnimationFrame(onScroll);
}
