import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { startSessionCheck } from '../../lib/session-refresh.ts';
import { apiError, signedInSession, stubApi } from '../../test/auth-test-helpers.tsx';
import { AuthProvider, useAuth } from './auth-context.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function WhoIsSignedIn() {
  const { state, notice } = useAuth();
  if (state.status === 'loading') return <p>loading</p>;
  return (
    <>
      <p data-testid="user">{state.user?.email ?? 'signed out'}</p>
      {notice ? <p data-testid="notice">{notice}</p> : null}
    </>
  );
}

const renderProvider = () =>
  render(
    <AuthProvider>
      <WhoIsSignedIn />
    </AuthProvider>,
  );

const key = 'jotlist-auth-token';

describe('auth state', () => {
  it('reads the session and records non-secret state for the other tabs', async () => {
    stubApi({ 'GET /api/auth/session': { status: 200, body: signedInSession } });
    renderProvider();
    expect(await screen.findByTestId('user')).toHaveTextContent('ann@example.com');
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
    expect(Object.keys(stored).sort()).toEqual(['at', 'signedIn', 'userId']);
    expect(stored).toMatchObject({ signedIn: true, userId: signedInSession.user.id });
  });

  it('takes the session check the page started as it booted (main.tsx) instead of asking again', async () => {
    const calls = stubApi({ 'GET /api/auth/session': { status: 200, body: signedInSession } });
    void startSessionCheck();
    renderProvider();
    expect(await screen.findByTestId('user')).toHaveTextContent('ann@example.com');
    expect(calls.filter((call) => call.path === '/api/auth/session')).toHaveLength(1);
  });

  it('refreshes silently on start when the access cookie is gone but this browser was signed in', async () => {
    localStorage.setItem(key, JSON.stringify({ signedIn: true, userId: signedInSession.user.id, at: 1 }));
    const calls = stubApi({ 'POST /api/auth/refresh': { status: 200, body: signedInSession } });
    renderProvider();
    expect(await screen.findByTestId('user')).toHaveTextContent('ann@example.com');
    expect(calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(1);
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('follows a sign-out in another tab through the storage event', async () => {
    let session: unknown = signedInSession;
    stubApi({ 'GET /api/auth/session': () => ({ status: 200, body: session }) });
    renderProvider();
    expect(await screen.findByTestId('user')).toHaveTextContent('ann@example.com');

    session = { user: null, profile: null };
    const newValue = JSON.stringify({ signedIn: false, userId: null, at: Date.now() });
    act(() => {
      localStorage.setItem(key, newValue);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
    });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    // An explicit sign-out elsewhere is not an expired session.
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('retries a request once after a silent refresh when the access token has expired', async () => {
    // Cookies issued just now by another tab: no timer refresh is due.
    localStorage.setItem(
      key,
      JSON.stringify({ signedIn: true, userId: signedInSession.user.id, at: Date.now() }),
    );
    let expired = true;
    const calls = stubApi({
      'GET /api/auth/session': { status: 200, body: signedInSession },
      'POST /api/auth/refresh': () => {
        expired = false;
        return { status: 200, body: signedInSession };
      },
      'POST /api/things': () =>
        expired ? apiError(401, 'unauthorized', 'Sign in') : { status: 200, body: { ok: true } },
    });
    renderProvider();
    await screen.findByTestId('user');
    await expect(apiRequest('/api/things', okResponseSchema, { method: 'POST', body: {} })).resolves.toEqual({
      ok: true,
    });
    expect(calls.map((call) => `${call.method} ${call.path}`).slice(-3)).toEqual([
      'POST /api/things',
      'POST /api/auth/refresh',
      'POST /api/things',
    ]);
  });

  it('signs out with the expired message when that refresh is refused', async () => {
    stubApi({
      'GET /api/auth/session': { status: 200, body: signedInSession },
      'POST /api/auth/refresh': apiError(401, 'session_expired', 'Expired'),
      'POST /api/things': apiError(401, 'unauthorized', 'Sign in'),
    });
    renderProvider();
    await screen.findByText('ann@example.com');
    await expect(
      apiRequest('/api/things', okResponseSchema, { method: 'POST', body: {} }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(screen.getByTestId('notice')).toHaveTextContent('Your session has expired. Please sign in again.');
  });
});
