import { escapeHtml, icon } from '../../../shared/blog-markup.ts';
import {
  accountLinks,
  buttonStyles,
  footerColumns,
  footerText,
  landingSections,
  logo,
  mainContentId,
  menuLabels,
  mobileMenuId,
  publicLayoutStyles,
  siteFooterStyles,
  siteHeaderStyles,
  skipLink,
} from '../../../shared/site-chrome.ts';

/**
 * The public site's frame around the server-rendered blog pages: skip link, fixed header, main
 * landmark, footer, drawn from the same links, words and classes as the SPA's PublicLayout
 * (shared/site-chrome.ts). These pages are complete without the SPA: links are plain links, and the
 * blog script (client/blog-page.ts) runs the header's menu toggle and scroll look, and makes the
 * `data-trial-link` links "Open app" for someone signed in.
 */

/** The Jotlist mark and word, linking home; `id` keeps each mark's gradient apart. */
const logoHtml = (id: string) =>
  `<a href="/" class="${logo.link}" aria-label="${logo.label}">` +
  `<svg viewBox="0 0 32 32" class="shrink-0 ${logo.markSize}" aria-hidden="true" focusable="false">` +
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${logo.gradient.from}"></stop><stop offset="1" stop-color="${logo.gradient.to}"></stop></linearGradient></defs>` +
  `<rect width="32" height="32" rx="8" fill="url(#${id})"></rect>` +
  `<path d="${logo.lines}" stroke="#fff" stroke-width="2.5" stroke-linecap="round"></path></svg>` +
  `<span class="text-lg ${logo.wordStyle} text-slate-900">${logo.word}</span></a>`;

const skipLinkHtml = `<a href="#${mainContentId}" class="${skipLink.style}">${skipLink.label}</a>`;

/** Sign In and the trial link, in a size; `signInLook` is ghost in the bar, secondary in the menu. */
const accountLinksHtml = (signInLook: string, size: string) =>
  `<a href="${accountLinks.signIn.to}" class="${signInLook} ${size}">${accountLinks.signIn.label}</a>` +
  `<a href="${accountLinks.trial.to}" data-trial-link class="${buttonStyles.primary} ${size}">${accountLinks.trial.label}</a>`;

function header(): string {
  const s = siteHeaderStyles;
  const links = (style: string) =>
    landingSections
      .map((section) => `<a href="/landing#${section.id}" class="${style}">${section.label}</a>`)
      .join('');
  return (
    `<header data-scrolled="false" class="${s.base} ${s.clear}">` +
    `<div class="${s.bar}">${logoHtml('jotlist-mark-header')}` +
    `<nav aria-label="Main" class="${s.nav}">${links(s.navLink)}</nav>` +
    `<div class="${s.actions}">${accountLinksHtml(buttonStyles.ghost, buttonStyles.sm)}</div>` +
    `<button type="button" class="${s.menuToggle}" aria-expanded="false" aria-controls="${mobileMenuId}" aria-label="${menuLabels.open}">` +
    `${icon('menu', s.menuIcon)}</button></div>` +
    `<div id="${mobileMenuId}" hidden class="${s.mobileMenu}">` +
    `<nav aria-label="Mobile" class="${s.mobileNav}">${links(s.mobileLink)}` +
    `<div class="${s.mobileActions}">${accountLinksHtml(buttonStyles.secondary, buttonStyles.md)}</div></nav></div></header>`
  );
}

function footer(supportEmail: string, year: number): string {
  const s = siteFooterStyles;
  const columns = footerColumns
    .map(
      (column) =>
        `<nav aria-label="${column.title}"><h2 class="${s.columnTitle}">${column.title}</h2>` +
        `<ul class="${s.list}">${column.links.map((item) => `<li><a href="${item.to}" class="${s.link}">${item.label}</a></li>`).join('')}</ul></nav>`,
    )
    .join('');
  const email = escapeHtml(supportEmail);
  return (
    `<footer class="${s.footer}"><div class="${s.container}">` +
    `<div class="${s.grid}"><div class="${s.brand}">${logoHtml('jotlist-mark-footer')}` +
    `<p class="${s.paragraph}">${footerText.tagline}</p>` +
    `<p class="${s.paragraph}">${footerText.supportHours}<br /><a href="mailto:${email}" class="${s.link}">${email}</a></p></div>` +
    `${columns}</div>` +
    `<div class="${s.bottom}">` +
    `<p>${escapeHtml(footerText.copyright(year))}</p><p>${footerText.assurance}</p></div></div></footer>`
  );
}

export interface SiteFrameOptions {
  supportEmail: string;
  year: number;
}

/** The public layout around `main`'s content. */
export const siteFrame = (main: string, options: SiteFrameOptions): string =>
  `<div class="${publicLayoutStyles.page}">${skipLinkHtml}${header()}` +
  `<main id="${mainContentId}" tabindex="-1" class="${publicLayoutStyles.main}">${main}</main>` +
  `${footer(options.supportEmail, options.year)}</div>`;
