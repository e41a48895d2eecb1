import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a Content-Security-Policy the built SPA satisfies: scripts only from our origin
 * (Vite emits no inline script), images also from https (blog featured images are URLs).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { secure: boolean },
): Promise<void> {
  await app.register(helmet, {
    // The API docs page (swagger-ui) adds its own hashes for its inline bits; see openapi.ts.
    enableCSPNonces: false,
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
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense behind https; on http://localhost it would pin the browser to https.
    strictTransportSecurity: options.secure ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
