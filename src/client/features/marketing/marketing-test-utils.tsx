import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MemoryRouter } from '../../lib/memory-router.tsx';

export const configuredSupportEmail = 'help@jotlist.test';

/** The server's public facts (/api/site) as the configured server answers them. */
export function stubSiteInfo(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/site') {
        return new Response(JSON.stringify({ supportEmail: configuredSupportEmail, trialDays: 7 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
}

export function renderAt(ui: ReactElement, path = '/landing') {
  return render(<MemoryRouter url={path}>{ui}</MemoryRouter>);
}

/** jsdom has no layout: scrolling is simulated by setting scrollY and firing the event. */
export function scrollWindowTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  window.dispatchEvent(new Event('scroll'));
}
