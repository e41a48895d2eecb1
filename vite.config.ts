import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorkerBuild } from './scripts/vite-service-worker-build.ts';
import { zodWithoutJsonSchema } from './scripts/vite-zod-without-json-schema.ts';

// The SPA builds to dist/client, which the Fastify server serves. In `npm run dev` Vite serves the
// client and proxies /api to the server started beside it.
const serverPort = process.env.PORT ?? 3000;
const devPort = 5173;
// The server accepts a state-changing request only from APP_URL's origin (its CSRF check). The page here
// is served from Vite's own origin, so the proxy presents that one origin (and only it) as APP_URL's.
const appOrigin = new URL(process.env.APP_URL ?? `http://localhost:${serverPort}`).origin;
const devOrigins = new Set([`http://localhost:${devPort}`, `http://127.0.0.1:${devPort}`]);

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema(), serviceWorkerBuild()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Two pages: the SPA, and the shell of the server-rendered public blog, which loads only the
      // stylesheet and the small blog script (src/client/blog-page.ts; Lighthouse: docs/blog.md).
      input: {
        main: join(import.meta.dirname, 'index.html'),
        blog: join(import.meta.dirname, 'blog.html'),
      },
    },
  },
  server: {
    port: devPort,
    strictPort: true,
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${serverPort}`,
        changeOrigin: false,
        configure(proxy) {
          proxy.on('proxyReq', (request) => {
            const origin = request.getHeader('origin');
            if (typeof origin === 'string' && devOrigins.has(origin)) request.setHeader('origin', appOrigin);
          });
        },
      },
    },
  },
});
