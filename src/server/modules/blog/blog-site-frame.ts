import { escapeHtml, focusRing, icon, siteHeaderStyles } from '../../../shared/blog-markup.ts';

/**
 * The public site's frame around the server-rendered blog pages: skip link, fixed header, main
 * landmark, footer, as the SPA's PublicLayout draws them (client/features/marketing/components:
 * public-layout.tsx, site-header.tsx, site-footer.tsx; components/layout: logo.tsx, skip-link.tsx).
 * These pages are complete without the SPA: links are plain links, and the blog script
 * (client/blog-page.ts) runs the header's menu toggle and scroll look, and makes the
 * `data-trial-link` links "Open app" for someone signed in. Keep them in step.
 */

const button =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2';
const buttonStyles = {
  primary: `${button} bg-blue-600 text-white shadow-sm shadow-blue-600/25 hover:bg-blue-700 focus-visible:outline-blue-600`,
  secondary: `${button} bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:ring-slate-300 focus-visible:outline-blue-600`,
  ghost: `${button} text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-blue-600`,
  sm: 'px-3.5 py-2 text-sm',
  md: 'px-4.5 py-2.5 text-sm',
};

const sections = [
  { id: 'features', label: 'Features' },
  { id: 'demo', label: 'Demo' },
  { id: 'pricing', label: 'Pricing' },
];

/** The Jotlist mark and word, linking home; `id` keeps each mark's gradient apart. */
const logo = (id: string) =>
  '<a href="/" class="inline-flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600" aria-label="Jotlist home">' +
  '<svg viewBox="0 0 32 32" class="shrink-0 h-7 w-7" aria-hidden="true" focusable="false">' +
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b82f6"></stop><stop offset="1" stop-color="#4f46e5"></stop></linearGradient></defs>` +
  `<rect width="32" height="32" rx="8" fill="url(#${id})"></rect>` +
  '<path d="M10 10h12M10 16h12M10 22h7" stroke="#fff" stroke-width="2.5" stroke-linecap="round"></path></svg>' +
  '<span class="text-lg font-semibold tracking-tight text-slate-900">Jotlist</span></a>';

const skipLink =
  '<a href="#main-content" class="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-blue-700 focus:shadow-lg focus:ring-2 focus:ring-blue-600">Skip to content</a>';

function header(): string {
  const navLink = `rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 ${focusRing}`;
  const mobileLink =
    'rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600';
  const links = (style: string) =>
    sections
      .map((section) => `<a href="/landing#${section.id}" class="${style}">${section.label}</a>`)
      .join('');
  return (
    `<header data-scrolled="false" class="${siteHeaderStyles.base} ${siteHeaderStyles.clear}">` +
    `<div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">${logo('jotlist-mark-header')}` +
    `<nav aria-label="Main" class="hidden items-center gap-1 md:flex">${links(navLink)}</nav>` +
    '<div class="hidden items-center gap-2 md:flex">' +
    `<a href="/auth/signin" class="${buttonStyles.ghost} ${buttonStyles.sm}">Sign In</a>` +
    `<a href="/auth/signup" data-trial-link class="${buttonStyles.primary} ${buttonStyles.sm}">Start Free Trial</a></div>` +
    `<button type="button" class="-mr-1 inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 ${focusRing} md:hidden" aria-expanded="false" aria-controls="mobile-menu" aria-label="Open menu">` +
    `${icon('menu', 'h-5 w-5')}</button></div>` +
    '<div id="mobile-menu" hidden class="border-t border-slate-200/80 md:hidden">' +
    `<nav aria-label="Mobile" class="mx-auto flex max-w-6xl flex-col px-4 py-3 sm:px-6">${links(mobileLink)}` +
    '<div class="mt-3 grid grid-cols-2 gap-3 border-t border-slate-200/80 pt-4 pb-1">' +
    `<a href="/auth/signin" class="${buttonStyles.secondary} ${buttonStyles.md}">Sign In</a>` +
    `<a href="/auth/signup" data-trial-link class="${buttonStyles.primary} ${buttonStyles.md}">Start Free Trial</a></div></nav></div></header>`
  );
}

const footerColumns = [
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
];

function footer(supportEmail: string, year: number): string {
  const link = `rounded-sm text-sm text-slate-600 transition hover:text-slate-900 ${focusRing}`;
  const columns = footerColumns
    .map(
      (column) =>
        `<nav aria-label="${column.title}"><h2 class="text-sm font-semibold text-slate-900">${column.title}</h2>` +
        `<ul class="mt-4 space-y-3">${column.links.map((item) => `<li><a href="${item.to}" class="${link}">${item.label}</a></li>`).join('')}</ul></nav>`,
    )
    .join('');
  const email = escapeHtml(supportEmail);
  return (
    '<footer class="border-t border-slate-200 bg-slate-50/70"><div class="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">' +
    `<div class="grid gap-10 md:grid-cols-[1.6fr_1fr_1fr]"><div class="max-w-sm">${logo('jotlist-mark-footer')}` +
    '<p class="mt-4 text-sm leading-6 text-slate-600">Notes and tasks for people with a lot on their mind. Organised the way you think, synced to your calendar, backed up for you.</p>' +
    `<p class="mt-4 text-sm leading-6 text-slate-600">Support: Monday to Friday, 9am to 6pm EST<br /><a href="mailto:${email}" class="${link}">${email}</a></p></div>` +
    `${columns}</div>` +
    '<div class="mt-12 flex flex-col gap-2 border-t border-slate-200 pt-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between">' +
    `<p>© ${year} Jotlist. All rights reserved.</p><p>Encrypted in transit and at rest · Backed up several times a day</p></div></div></footer>`
  );
}

export interface SiteFrameOptions {
  supportEmail: string;
  year: number;
}

/** The public layout around `main`'s content. */
export const siteFrame = (main: string, options: SiteFrameOptions): string =>
  `<div class="flex min-h-screen flex-col bg-white text-slate-900">${skipLink}${header()}` +
  `<main id="main-content" tabindex="-1" class="flex-1 focus:outline-none">${main}</main>` +
  `${footer(options.supportEmail, options.year)}</div>`;
