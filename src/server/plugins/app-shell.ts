import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** index.html's `<meta property="csp-nonce" nonce="…">` holds this until the server sends the page. */
export const styleNoncePlaceholder = 'jotlist-style-nonce';

export interface AppShell {
  /** Sends the shell with a fresh style nonce, in the markup and in the response's CSP alike. */
  send(reply: FastifyReply): FastifyReply;
}

/**
 * The SPA's index.html as every document of the app is sent (the history fallback, /index.html itself,
 * the blog's admin screens). Each response gets its own nonce (128 random bits) for the <style> elements
 * libraries add at run time (security-headers.ts, client/lib/style-nonce.ts): a nonce that repeated
 * across responses could be read off one page and written into markup injected into another.
 *
 * So the shell is never answered with 304: a cached copy revalidated by an ETag would keep its old nonce
 * while the 304 brought a new policy. It is small, and `no-cache` still has the browser ask each time.
 * The service worker keeps one response whole for offline starts (public/sw.js): its header and its
 * markup hold the same nonce, so the kept page works as it did.
 */
export function appShell(html: string): AppShell {
  const parts = html.split(styleNoncePlaceholder);
  return {
    send(reply) {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .allowStyleNonce(nonce)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(parts.join(nonce));
    },
  };
}
