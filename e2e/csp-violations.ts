import type { Page } from '@playwright/test';

/**
 * Every Content-Security-Policy violation a page meets, across its navigations. The browser reports a
 * blocked style or script as a `securitypolicyviolation` DOM event (a blocked style breaks no script, so
 * nothing else would show it); an init script records each one, before any page script runs, in
 * sessionStorage, which outlives a document load within the tab, so a violation just before a
 * navigation is still there when the journey reads the list.
 */
const storageKey = 'jotlist-csp-violations';

export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
      const sample = event.sample ? ` "${event.sample}"` : '';
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}${where}${sample}`,
      );
      sessionStorage.setItem(key, JSON.stringify(seen));
    });
  }, storageKey);
}

/** The violations recorded so far in this tab (any document of it). */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], storageKey);
}
