import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './components/site-footer.tsx';
import { configuredSupportEmail, renderAt, stubSiteInfo } from './marketing-test-utils.tsx';

beforeAll(() => stubSiteInfo());
afterAll(() => vi.unstubAllGlobals());

describe('site footer', () => {
  it('links to the six public pages', () => {
    renderAt(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href?.startsWith('/') && href !== '/');
    expect(hrefs).toEqual(['/about', '/blog', '/contact', '/privacy', '/terms', '/security']);
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/security');
  });

  it('shows the support hours and the configured support address', async () => {
    renderAt(<SiteFooter />);
    expect(screen.getByText(/Monday to Friday, 9am to 6pm EST/)).toBeInTheDocument();
    const email = await screen.findByRole('link', { name: configuredSupportEmail });
    expect(email).toHaveAttribute('href', `mailto:${configuredSupportEmail}`);
  });
});
