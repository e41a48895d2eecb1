import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { MemoryRouter } from '../lib/memory-router.tsx';
import { Route, Switch, useLocation } from '../lib/router.tsx';

/**
 * Test support for the auth screens: a fake of the HTTP API at the network boundary (fetch) and a
 * memory router around the screen under test. Nothing of our own code is replaced.
 */

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | 'network-error';
type Handler = (call: ApiCall) => Reply;

export const signedInSession = {
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'ann@example.com' },
  profile: {
    isTrial: true,
    accountStatus: 'trial',
    trialEndDate: '2030-01-08T00:00:00.000Z',
    daysRemaining: 7,
    readOnly: false,
  },
};

/** Stubs fetch: `handlers` keyed by "METHOD /path"; the session read defaults to signed out. */
export function stubApi(handlers: Record<string, Handler | Reply>): ApiCall[] {
  const calls: ApiCall[] = [];
  const all: Record<string, Handler | Reply> = {
    'GET /api/auth/session': { status: 200, body: { user: null, profile: null } },
    ...handlers,
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(input, 'http://localhost').pathname;
    const call: ApiCall = { method, path, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = all[`${method} ${path}`];
    const reply = typeof handler === 'function' ? handler(call) : (handler ?? { status: 404, body: {} });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export const apiError = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

/** Shows where the router went, and with which navigation state, for assertions. */
function WhereAmI() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.state ? ` ${JSON.stringify(location.state)}` : ''}
    </p>
  );
}

/** Renders `element` at `path` inside the real AuthProvider, a query client and a memory router. */
export function renderScreen(
  element: ReactElement,
  { path = '/', url = path, state }: { path?: string; url?: string; state?: unknown } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter url={url} state={state}>
          <Switch>
            <Route path={path}>{element}</Route>
            <Route>
              <WhereAmI />
            </Route>
          </Switch>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
