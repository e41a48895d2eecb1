import { accountLinks } from '../../../../shared/site-chrome.ts';
import { authStorageKey, parseStoredAuth } from '../../../lib/auth-storage.ts';

/**
 * The server-rendered header's "Start Free Trial" links become "Open app" for someone signed in, as the
 * SPA's TrialLink does. The session cookies are httpOnly and the page is the same for everyone (cached),
 * so the script reads the non-secret "signed in" state the app keeps in localStorage (lib/auth-storage.ts).
 */
export function runTrialLinks(doc: Document): void {
  let raw: string | null = null;
  try {
    raw = doc.defaultView?.localStorage.getItem(authStorageKey) ?? null;
  } catch {
    // Storage refused (privacy settings): the visitor sees the signed-out links, which still work.
    return;
  }
  if (!parseStoredAuth(raw)?.signedIn) return;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-trial-link]')) {
    link.setAttribute('href', accountLinks.openApp.to);
    link.textContent = accountLinks.openApp.label;
  }
}
