import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { accountStoreName, readAccountValue } from '../../lib/account-store.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { apiError, signedInSession, stubApi } from '../../test/auth-test-helpers.tsx';
import { freshIndexedDbPerTest } from '../../test/offline-test-helpers.ts';
import { AuthProvider, useAuth } from './auth-context.tsx';

const annId = signedInSession.user.id;

freshIndexedDbPerTest(annId);
afterEach(() => localStorage.clear());

function WhoIsSignedIn() {
  const { state, signOut } = useAuth();
  if (state.status === 'loading') return <p>loading</p>;
  return (
    <>
      <p data-testid="user">{state.user?.email ?? 'signed out'}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

const renderProvider = () =>
  render(
    <AuthProvider>
      <WhoIsSignedIn />
    </AuthProvider>,
  );

const databaseNames = async () => (await indexedDB.databases()).map((db) => db.name);

/** Signs Ann in online, and waits until the device keeps her session for an offline start. */
async function signedInOnceOnline() {
  stubApi({ 'GET /api/auth/session': { status: 200, body: signedInSession } });
  const view = renderProvider();
  expect(await screen.findByTestId('user')).toHaveTextContent('ann@example.com');
  await vi.waitFor(async () => expect(await readAccountValue(annId, 'session')).toBeDefined());
  view.unmount();
}

describe('auth with the offline store', () => {
  it('opens offline as the last known account, and asks the server again when the network returns', async () => {
    await signedInOnceOnline();
    stubApi({ 'GET /api/auth/session': 'network-error', 'POST /api/auth/refresh': 'network-error' });
    renderProvider();
    expect(await screen.findByTestId('user')).toHaveTextContent('ann@example.com');

    // Online again, and the session had ended meanwhile: signed out, and her data leaves the device.
    stubApi({
      'GET /api/auth/session': { status: 200, body: { user: null, profile: null } },
      'POST /api/auth/refresh': apiError(401, 'session_expired', 'Expired'),
    });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await vi.waitFor(async () => expect(await databaseNames()).toEqual([]));
  });

  it('reads as signed out offline when the device kept no session', async () => {
    localStorage.setItem('jotlist-auth-token', JSON.stringify({ signedIn: true, userId: annId, at: 1 }));
    stubApi({ 'GET /api/auth/session': 'network-error', 'POST /api/auth/refresh': 'network-error' });
    renderProvider();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('clears the account’s store on Sign out', async () => {
    stubApi({
      'GET /api/auth/session': { status: 200, body: signedInSession },
      'POST /api/auth/signout': { status: 200, body: { ok: true } },
    });
    renderProvider();
    expect(await screen.findByTestId('user')).toHaveTextContent('ann@example.com');
    await vi.waitFor(async () => expect(await databaseNames()).toEqual([accountStoreName(annId)]));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await vi.waitFor(async () => expect(await databaseNames()).toEqual([]));
  });

  it('clears the account’s store when a 401 ends the session', async () => {
    // Cookies issued just now: the refresh timer has nothing to do, so only the 401 asks for one.
    localStorage.setItem(
      'jotlist-auth-token',
      JSON.stringify({ signedIn: true, userId: annId, at: Date.now() }),
    );
    stubApi({
      'GET /api/auth/session': { status: 200, body: signedInSession },
      'POST /api/auth/refresh': apiError(401, 'session_expired', 'Expired'),
      'POST /api/things': apiError(401, 'unauthorized', 'Sign in'),
    });
    renderProvider();
    expect(await screen.findByTestId('user')).toHaveTextContent('ann@example.com');
    await vi.waitFor(async () => expect(await databaseNames()).toEqual([accountStoreName(annId)]));
    await expect(
      apiRequest('/api/things', okResponseSchema, { method: 'POST', body: {} }),
    ).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await vi.waitFor(async () => expect(await databaseNames()).toEqual([]));
  });
});
