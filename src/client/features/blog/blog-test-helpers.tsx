import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, StrictMode } from 'react';
import { vi } from 'vitest';
import { MemoryRouter } from '../../lib/memory-router.tsx';
import { Route, Switch, useLocation } from '../../lib/router.tsx';
import { signedInSession } from '../../test/auth-test-helpers.tsx';
import { AuthProvider } from '../auth/index.ts';

/**
 * Test support for the blog screens: a fake of the HTTP API at the network boundary (fetch), keyed by
 * "METHOD /path" (the query string is kept in the recorded call), and a memory router around the
 * screen. Everything above fetch (api client, schemas, hooks, components) is the real code.
 */

export interface BlogCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Handler = (call: BlogCall) => Reply;

export function stubBlogApi(handlers: Record<string, Handler | Reply>): BlogCall[] {
  const calls: BlogCall[] = [];
  const all: Record<string, Handler | Reply> = {
    'GET /api/auth/session': { status: 200, body: signedInSession },
    'GET /api/blog/categories': { status: 200, body: { categories: [] } },
    ...handlers,
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    const call: BlogCall = {
      method,
      path: url.pathname,
      search: url.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler = all[`${method} ${url.pathname}`];
    const reply = await (typeof handler === 'function'
      ? handler(call)
      : (handler ?? { status: 404, body: {} }));
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export const notFound = { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };

/** Shows where the router went, for assertions. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `element` at `url` (matched by `path`) with a fresh query cache and the real AuthProvider. */
export function renderBlogScreen(element: ReactElement, { path, url }: { path: string; url: string }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Strict mode as in main.tsx: effects run twice, so "once per page open" is really tested.
  return render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <MemoryRouter url={url}>
            <Switch>
              <Route path={path}>{element}</Route>
              <Route>
                <WhereAmI />
              </Route>
            </Switch>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

export const samplePost = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Five ways to plan your week',
  slug: 'five-ways-to-plan-your-week',
  excerpt: 'A calm week starts on Sunday evening.',
  featuredImage: 'https://images.example.com/week.png',
  categoryId: '22222222-2222-4222-8222-222222222222',
  tags: ['planning', 'habits', 'focus', 'calendar'],
  readingTime: 5,
  publishedAt: '2026-11-22T10:00:00.000Z',
};
