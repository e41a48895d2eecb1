import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedInSession, stubApi } from '../../test/auth-test-helpers.tsx';
import { HeroSection } from './components/hero-section.tsx';
import { SiteHeader } from './components/site-header.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the public pages’ call to action', () => {
  it('is "Open app", linking to the workspace, for someone signed in', async () => {
    stubApi({ 'GET /api/auth/session': { status: 200, body: signedInSession } });
    renderScreen(<SiteHeader onLanding />, { path: '/landing' });
    const main = within(screen.getByRole('navigation', { name: 'Main' }).parentElement as HTMLElement);
    expect(await main.findByRole('link', { name: 'Open app' })).toHaveAttribute('href', '/app');
    expect(main.queryByRole('link', { name: 'Start Free Trial' })).toBeNull();
  });

  it('is "Start Free Trial", linking to sign-up, for a visitor', async () => {
    const calls = stubApi({});
    renderScreen(<HeroSection />, { path: '/landing' });
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/auth/session')).toBe(true));
    expect(screen.getByRole('link', { name: /Start Free Trial/ })).toHaveAttribute('href', '/auth/signup');
    expect(screen.queryByRole('link', { name: /Open app/ })).toBeNull();
  });
});
