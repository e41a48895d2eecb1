import { screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeRoute } from '../../../routes/home-route.tsx';
import { apiError, renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { OAuthCallbackScreen } from './oauth-callback-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Each test has its own state: the screen sends a state once per page load, like the real single-use one.
let n = 0;
const freshState = () => `state-${++n}-${Math.random().toString(36).slice(2)}`;
const session = { status: 200, body: signedInSession };

const googlePath = '/oauth/google/callback';
const microsoftPath = '/oauth/microsoft/callback';
const show = (url: string) =>
  renderScreen(<OAuthCallbackScreen />, { path: new URL(url, 'http://x').pathname, url });

describe('the calendar connection callback screen', () => {
  it('sends code, state and iss once with its path’s provider, says the calendar is connected and opens Settings → Calendars after 2 s', async () => {
    const state = freshState();
    const calls = stubApi({
      'GET /api/auth/session': session,
      'POST /api/calendar/oauth/callback': { status: 200, body: {} },
    });
    show(`${googlePath}?code=abc&state=${state}&iss=${encodeURIComponent('https://accounts.google.com')}`);
    expect(screen.getByRole('heading', { name: 'Connecting your calendar' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Processing...');

    expect(await screen.findByText('Calendar connected successfully!')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Calendar connected successfully!');
    expect(screen.getByRole('heading', { name: 'Calendar connected' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go back now' })).toBeVisible();
    const posts = calls.filter((call) => call.path === '/api/calendar/oauth/callback');
    expect(posts).toEqual([
      {
        method: 'POST',
        path: '/api/calendar/oauth/callback',
        body: { provider: 'google', code: 'abc', state, iss: 'https://accounts.google.com' },
      },
    ]);

    const started = Date.now();
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/app {"settingsTab":"calendars"}'),
      { timeout: 3000 },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it('shows the provider’s error without asking the server, and goes back after 3 s', async () => {
    const calls = stubApi({ 'GET /api/auth/session': session });
    show(`${googlePath}?error=access_denied&state=x`);
    expect(screen.getByRole('alert')).toHaveTextContent('OAuth error: access_denied');
    expect(screen.getByRole('heading', { name: 'Calendar not connected' })).toHaveFocus();
    expect(calls.some((call) => call.path.startsWith('/api/calendar'))).toBe(false);
    const started = Date.now();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app'), { timeout: 4000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  });

  it('says Missing OAuth parameters when code or state is absent', () => {
    const calls = stubApi({ 'GET /api/auth/session': session });
    show(`${microsoftPath}?code=abc`);
    expect(screen.getByRole('alert')).toHaveTextContent('Missing OAuth parameters');
    expect(calls.some((call) => call.path.startsWith('/api/calendar'))).toBe(false);
  });

  it('sends an answer at Microsoft’s path as Outlook’s (Microsoft names no issuer)', async () => {
    const state = freshState();
    const calls = stubApi({
      'GET /api/auth/session': session,
      'POST /api/calendar/oauth/callback': { status: 200, body: {} },
    });
    show(`${microsoftPath}?code=xyz&state=${state}`);
    expect(await screen.findByText('Calendar connected successfully!')).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/calendar/oauth/callback')).toEqual([
      {
        method: 'POST',
        path: '/api/calendar/oauth/callback',
        body: { provider: 'outlook', code: 'xyz', state },
      },
    ]);
  });

  it('connects nothing from / (no provider’s callback path): Invalid OAuth state, nothing sent', () => {
    const calls = stubApi({ 'GET /api/auth/session': session });
    show(`/?code=abc&state=${freshState()}`);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid OAuth state');
    expect(calls.some((call) => call.path.startsWith('/api/calendar'))).toBe(false);
  });

  it.each([
    [apiError(400, 'invalid_oauth_state', 'Invalid OAuth state'), 'Invalid OAuth state'],
    [apiError(401, 'unauthorized', 'Sign in'), 'User not authenticated'],
    [apiError(500, 'internal_error', 'boom'), 'Failed to save calendar integration'],
    ['network-error' as const, 'An unexpected error occurred.'],
  ])('turns the server’s answer into the spec’s message (%#)', async (reply, text) => {
    stubApi({ 'GET /api/auth/session': session, 'POST /api/calendar/oauth/callback': reply });
    show(`${googlePath}?code=abc&state=${freshState()}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Go back now' })).toHaveAttribute('href', '/app');
  });
});

describe('/ with an OAuth answer', () => {
  it('loads the callback screen instead of going to the workspace or the landing page', async () => {
    stubApi({ 'GET /api/auth/session': session });
    renderScreen(
      <Suspense fallback={<p>loading</p>}>
        <HomeRoute />
      </Suspense>,
      { path: '/', url: '/?code=only' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing OAuth parameters');
  });
});
