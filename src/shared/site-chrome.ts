/**
 * The public site's chrome, drawn by two renderers from this one source: the SPA's React components
 * (client: features/marketing/components public-layout, site-header, site-footer, trial-link;
 * components/layout logo and skip-link; and every call to action styled as a button) and the
 * server-rendered blog pages (server/modules/blog/blog-site-frame.ts), which are complete without the
 * SPA. Links, words and Tailwind class strings only: no React, no DOM, so both sides can import it.
 */

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

const button =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2';

/** Links styled as buttons: a look plus a size, so every call to action matches. */
export const buttonStyles = {
  primary: `${button} bg-blue-600 text-white shadow-sm shadow-blue-600/25 hover:bg-blue-700 focus-visible:outline-blue-600`,
  secondary: `${button} bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:ring-slate-300 focus-visible:outline-blue-600`,
  ghost: `${button} text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-blue-600`,
  onDark: `${button} bg-white text-slate-900 shadow-sm hover:bg-blue-50 focus-visible:outline-white`,
  ghostOnDark: `${button} text-white ring-1 ring-white/30 ring-inset hover:bg-white/10 focus-visible:outline-white`,
  sm: 'px-3.5 py-2 text-sm',
  md: 'px-4.5 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
} as const;

export const textLinkStyle =
  'font-medium text-blue-700 underline decoration-blue-300 underline-offset-4 hover:decoration-blue-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** The page frame around every public page; the main landmark is the skip link's target. */
export const publicLayoutStyles = {
  page: 'flex min-h-screen flex-col bg-white text-slate-900',
  main: 'flex-1 focus:outline-none',
};
export const mainContentId = 'main-content';

export const skipLink = {
  label: 'Skip to content',
  style:
    'sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-blue-700 focus:shadow-lg focus:ring-2 focus:ring-blue-600',
};

/** The Jotlist mark (the favicon's drawing: a gradient square with three lines) and word, linking home. */
export const logo = {
  link: 'inline-flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600',
  label: 'Jotlist home',
  word: 'Jotlist',
  wordStyle: 'font-semibold tracking-tight',
  markSize: 'h-7 w-7',
  gradient: { from: '#3b82f6', to: '#4f46e5' },
  lines: 'M10 10h12M10 16h12M10 22h7',
};

/** The landing page's sections the header links to, in page order. */
export const landingSections = [
  { id: 'features', label: 'Features' },
  { id: 'demo', label: 'Demo' },
  { id: 'pricing', label: 'Pricing' },
] as const;

export type LandingSectionId = (typeof landingSections)[number]['id'];

/** The header's account links; the trial link reads "Open app" for someone already signed in. */
export const accountLinks = {
  signIn: { to: '/auth/signin', label: 'Sign In' },
  trial: { to: '/auth/signup', label: 'Start Free Trial' },
  openApp: { to: '/app', label: 'Open app' },
} as const;

export const menuLabels = { open: 'Open menu', close: 'Close menu' };
/** Past this many pixels of scroll the header turns solid: clear over the hero, solid over the content. */
export const headerScrollThreshold = 20;
export const mobileMenuId = 'mobile-menu';

/**
 * The header's looks: transparent at the top, solid once the page has scrolled past 20 px or the menu
 * is open (the SPA's SiteHeader and the blog script swap `solid` and `clear`).
 */
export const siteHeaderStyles = {
  base: 'fixed inset-x-0 top-0 z-50 border-b transition-[background-color,box-shadow,border-color] duration-300',
  solid: 'border-slate-200/80 bg-white/85 shadow-[0_1px_12px_rgba(15,23,42,0.06)] backdrop-blur-lg',
  clear: 'border-transparent bg-transparent',
  bar: 'mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8',
  nav: 'hidden items-center gap-1 md:flex',
  navLink: `rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 ${focusRing}`,
  actions: 'hidden items-center gap-2 md:flex',
  menuToggle: `-mr-1 inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 ${focusRing} md:hidden`,
  menuIcon: 'h-5 w-5',
  mobileMenu: 'border-t border-slate-200/80 md:hidden',
  mobileNav: 'mx-auto flex max-w-6xl flex-col px-4 py-3 sm:px-6',
  mobileLink:
    'rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600',
  mobileActions: 'mt-3 grid grid-cols-2 gap-3 border-t border-slate-200/80 pt-4 pb-1',
};

export const footerColumns = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
      { to: '/security', label: 'Security' },
    ],
  },
] as const;

export const footerText = {
  tagline:
    'Notes and tasks for people with a lot on their mind. Organised the way you think, synced to your calendar, backed up for you.',
  supportHours: 'Support: Monday to Friday, 9am to 6pm EST',
  copyright: (year: number) => `© ${year} Jotlist. All rights reserved.`,
  assurance: 'Encrypted in transit · Backed up several times a day',
};

export const siteFooterStyles = {
  footer: 'border-t border-slate-200 bg-slate-50/70',
  container: 'mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8',
  grid: 'grid gap-10 md:grid-cols-[1.6fr_1fr_1fr]',
  brand: 'max-w-sm',
  paragraph: 'mt-4 text-sm leading-6 text-slate-600',
  columnTitle: 'text-sm font-semibold text-slate-900',
  list: 'mt-4 space-y-3',
  link: `rounded-sm text-sm text-slate-600 transition hover:text-slate-900 ${focusRing}`,
  bottom:
    'mt-12 flex flex-col gap-2 border-t border-slate-200 pt-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between',
};
