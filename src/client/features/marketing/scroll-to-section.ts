/** True when the visitor asked the system for less motion; smooth scrolling is then skipped. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls to an in-page section and moves focus to it, so keyboard and screen-reader users carry on from
 * the section they picked. The address gains the #hash for sharing, without a router navigation (which
 * would re-render the page and fight the scroll). Returns false when no such section is on the page.
 */
export function scrollToSection(id: string, options: { smooth?: boolean } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const smooth = (options.smooth ?? true) && !prefersReducedMotion();
  // 'instant', not 'auto': the stylesheet makes 'auto' smooth. jsdom has no layout, hence no scrollIntoView.
  if (typeof target.scrollIntoView === 'function') {
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' });
  }
  target.focus({ preventScroll: true });
  if (window.location.hash !== `#${id}`) {
    window.history.replaceState(window.history.state, '', `#${id}`);
  }
  return true;
}
