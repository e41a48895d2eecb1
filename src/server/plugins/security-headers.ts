import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers with a Content-Security-Policy the built SPA satisfies: scripts only from our origin
 * (Vite emits no inline script), images only from our origin (attachments are served under /api) and
 * data: URLs (icons inlined by the build). The public blog's documents alone also allow https images:
 * a post's featured image is an address the author typed.
 *
 * Styles: `style-src 'self'`, no 'unsafe-inline', so neither a <style> element nor a style="" attribute
 * in markup applies unless we sent it. The SPA's shell (app-shell.ts) alone adds `'nonce-…'`, fresh in
 * each response, because libraries add <style> elements at run time and carry that nonce
 * (client/lib/style-nonce.ts): Radix's scroll lock behind dialogs and menus, CodeMirror's and Tiptap's
 * base styles. Styles React sets from `style={…}` go through the CSSOM, which CSP does not govern; the
 * built HTML and the server-rendered blog have no inline style (e2e/style-policy.spec.ts).
 */
interface HeaderOptions {
  secure: boolean;
  includeSubDomains: boolean;
  externalImages?: boolean;
}

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP also allows <style> elements that carry `nonce` (the app shell's). */
    allowStyleNonce(nonce: string): FastifyReply;
  }
}

// One year, the least ASVS 3.4.1 asks and what browsers' preload lists expect.
const hstsMaxAge = 31536000;

function helmetOptions(
  { secure, includeSubDomains, externalImages }: HeaderOptions,
  styleNonce: string | null,
): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: styleNonce === null ? ["'self'"] : ["'self'", `'nonce-${styleNonce}'`],
        imgSrc: externalImages ? ["'self'", 'data:', 'https:'] : ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense behind https; on http://localhost it would pin the browser to https.
    strictTransportSecurity: secure ? { maxAge: hstsMaxAge, includeSubDomains } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet would set, computed once. They are the same on every response but the app shell's
 * (its CSP gets the response's style nonce spliced in, see below; the API docs page adds its own hashes,
 * see openapi.ts). @fastify/helmet rebuilt helmet's whole middleware chain, CSP string included, on every
 * request: a visible share of a request's CPU.
 */
function securityHeaders(options: HeaderOptions, styleNonce: string | null = null): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(helmetOptions(options, styleNonce))(response.req, response, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

const nonceMark = 'STYLE-NONCE';

/** The static headers, and the CSP with a given style nonce: two halves joined around it (no helmet). */
function headerSet(options: HeaderOptions) {
  const headers = securityHeaders(options);
  const [before, after] = (securityHeaders(options, nonceMark)['content-security-policy'] ?? '').split(
    nonceMark,
  );
  return { headers, policyWithNonce: (nonce: string) => `${before}${nonce}${after}` };
}

export async function registerSecurityHeaders(app: FastifyInstance, options: HeaderOptions): Promise<void> {
  const plain = headerSet(options);
  const blog = headerSet({ ...options, externalImages: true });
  const setFor = (url: string) => (url.startsWith('/blog') ? blog : plain);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(setFor(request.url).headers);
    done();
  });
  app.decorateReply('allowStyleNonce', function (this: FastifyReply, nonce: string) {
    return this.header('content-security-policy', setFor(this.request.url).policyWithNonce(nonce));
  });
}
