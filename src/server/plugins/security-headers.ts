import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers with a Content-Security-Policy the built SPA satisfies: scripts only from our origin
 * (Vite emits no inline script), images also from https (blog featured images are URLs).
 */
function helmetOptions(secure: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix dialogs inject a <style> element (scroll lock) at run time; inline styles cannot run
        // code, while scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
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
    strictTransportSecurity: secure ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet would set, computed once. They are the same on every response (no per-request CSP
 * nonces: the API docs page adds its own hashes, see openapi.ts), and @fastify/helmet rebuilt helmet's
 * whole middleware chain, CSP string included, on every request: a visible share of a request's CPU.
 */
function securityHeaders(secure: boolean): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(helmetOptions(secure))(response.req, response, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { secure: boolean },
): Promise<void> {
  const headers = securityHeaders(options.secure);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
