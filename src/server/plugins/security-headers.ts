import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers with a Content-Security-Policy the built SPA satisfies: scripts only from our origin
 * (Vite emits no inline script), images only from our origin (attachments are served under /api) and
 * data: URLs (icons inlined by the build). The public blog's documents alone also allow https images:
 * a post's featured image is an address the author typed.
 */
interface HeaderOptions {
  secure: boolean;
  includeSubDomains: boolean;
  externalImages?: boolean;
}

// One year, the least ASVS 3.4.1 asks and what browsers' preload lists expect.
const hstsMaxAge = 31536000;

function helmetOptions({ secure, includeSubDomains, externalImages }: HeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix dialogs inject a <style> element (scroll lock) at run time; inline styles cannot run
        // code, while scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
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
 * The headers helmet would set, computed once. They are the same on every response (no per-request CSP
 * nonces: the API docs page adds its own hashes, see openapi.ts), and @fastify/helmet rebuilt helmet's
 * whole middleware chain, CSP string included, on every request: a visible share of a request's CPU.
 */
function securityHeaders(options: HeaderOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(helmetOptions(options))(response.req, response, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: HeaderOptions): Promise<void> {
  const headers = securityHeaders(options);
  const blogHeaders = securityHeaders({ ...options, externalImages: true });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/blog') ? blogHeaders : headers);
    done();
  });
}
