import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from './components/site-header.tsx';
import { renderAt, scrollWindowTo } from './marketing-test-utils.tsx';

afterEach(() => {
  act(() => scrollWindowTo(0));
  vi.unstubAllGlobals();
});

const sectionLinks = [
  ['Features', 'features'],
  ['Demo', 'demo'],
  ['Pricing', 'pricing'],
] as const;

describe('site header', () => {
  it('turns solid only once the page has scrolled past 20 px', () => {
    renderAt(<SiteHeader onLanding />);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(header).toHaveClass('bg-transparent');

    act(() => scrollWindowTo(20));
    expect(header).toHaveAttribute('data-scrolled', 'false');

    act(() => scrollWindowTo(21));
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header).toHaveClass('bg-white/85', 'backdrop-blur-lg');
    expect(header).not.toHaveClass('bg-transparent');

    act(() => scrollWindowTo(5));
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('starts solid when the page is opened already scrolled', () => {
    scrollWindowTo(400);
    renderAt(<SiteHeader onLanding />);
    expect(screen.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
  });

  it('offers in-page section links, Sign In and Start Free Trial', () => {
    renderAt(<SiteHeader onLanding />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, id] of sectionLinks) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', `#${id}`);
    }
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute(
      'href',
      '/auth/signin',
    );
    expect(within(banner).getAllByRole('link', { name: 'Start Free Trial' })[0]).toHaveAttribute(
      'href',
      '/auth/signup',
    );
  });

  it('points the section links at the landing page from other pages', () => {
    renderAt(<SiteHeader />, '/terms');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, id] of sectionLinks) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', `/landing#${id}`);
    }
  });

  it('opens and closes the mobile menu, which holds the same links', async () => {
    const user = userEvent.setup();
    renderAt(<SiteHeader onLanding />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).toBeVisible();
    // Opening the menu makes the bar solid even at the top of the page, so the links stay readable.
    expect(screen.getByRole('banner')).toHaveClass('bg-white/85');

    const desktopLinks = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    const mobile = within(menu as HTMLElement);
    const mobileLinks = mobile
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(mobileLinks).toEqual([
      ...desktopLinks,
      ['Sign In', '/auth/signin'],
      ['Start Free Trial', '/auth/signup'],
    ]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(menu).not.toBeVisible();
  });

  it('closes the mobile menu with Escape and after picking a link', async () => {
    const user = userEvent.setup();
    renderAt(<SiteHeader onLanding />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const menu = document.getElementById('mobile-menu') as HTMLElement;
    await user.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
