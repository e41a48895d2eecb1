import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from './components/site-header.tsx';
import { renderAt } from './marketing-test-utils.tsx';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

function renderWithSection() {
  const scrolls: ScrollIntoViewOptions[] = [];
  renderAt(
    <>
      <SiteHeader onLanding />
      <section id="pricing" tabIndex={-1}>
        Pricing section
      </section>
    </>,
  );
  const section = screen.getByText('Pricing section');
  // jsdom does no layout; record what the page asks the browser to do.
  section.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => {
    if (typeof options === 'object') scrolls.push(options);
  };
  return { section, scrolls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('section links on the landing page', () => {
  it('scroll smoothly to the section, focus it and put its #hash in the address', async () => {
    stubReducedMotion(false);
    const { section, scrolls } = renderWithSection();
    await userEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'start' }]);
    expect(section).toHaveFocus();
    expect(window.location.hash).toBe('#pricing');
  });

  it('jump without animation when the visitor prefers reduced motion', async () => {
    stubReducedMotion(true);
    const { scrolls } = renderWithSection();
    await userEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(scrolls).toEqual([{ behavior: 'instant', block: 'start' }]);
  });
});
