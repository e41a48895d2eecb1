import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AboutPage } from '../../routes/about-page.tsx';
import { LandingPage } from '../../routes/landing-page.tsx';
import { NotFoundPage } from '../../routes/not-found-page.tsx';
import { PrivacyPage } from '../../routes/privacy-page.tsx';
import { SecurityPage } from '../../routes/security-page.tsx';
import { TermsPage } from '../../routes/terms-page.tsx';
import { configuredSupportEmail, renderAt, stubSiteInfo } from './marketing-test-utils.tsx';

beforeAll(() => stubSiteInfo());
afterAll(() => vi.unstubAllGlobals());

function expectLandmarksAndOneH1() {
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('main')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

async function expectSupportMailto() {
  const links = await screen.findAllByRole('link', { name: configuredSupportEmail });
  expect(links[0]).toHaveAttribute('href', `mailto:${configuredSupportEmail}`);
}

/** Each section is a region named by its h2 (the decorative section number is not part of the name). */
function expectSections(names: string[]) {
  for (const name of names) {
    expect(screen.getByRole('region', { name })).toContainElement(
      screen.getByRole('heading', { level: 2, name }),
    );
  }
}

describe('landing page', () => {
  it('has a skip link, landmarks, the sections the navigation points at, and a call to action', () => {
    renderAt(<LandingPage />);
    expectLandmarksAndOneH1();
    expect(document.title).toBe('Jotlist — notes and tasks, together');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    for (const id of ['features', 'demo', 'pricing']) expect(document.getElementById(id)).not.toBeNull();
    const features = within(document.getElementById('features') as HTMLElement);
    for (const card of ['Note-taking', 'Task management', 'Calendar integration', 'Automatic backup']) {
      expect(features.getByRole('heading', { name: card })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Clear your head. Keep everything.' })).toBeInTheDocument();
  });
});

describe('legal pages', () => {
  it('/terms: title, date, the eight sections, legal contact and links', async () => {
    renderAt(<TermsPage />, '/terms');
    expectLandmarksAndOneH1();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(document.title).toBe('Terms of Service — Jotlist');
    expect(screen.getByText('Last updated: January 2025')).toBeInTheDocument();
    expectSections([
      'Acceptance of Terms',
      'Description of Service',
      'User Accounts',
      'User Content and Ownership',
      'Prohibited Uses',
      'Limitation of Liability',
      'Termination',
      'Contact',
    ]);
    expect(screen.getByText(/at least 13 years old/)).toBeInTheDocument();
    expect(screen.getByText(/One account per person/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    const contact = within(screen.getByRole('region', { name: 'Contact' }));
    expect(contact.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expectSupportMailto();
  });

  it('/security: the six sections, a link to /privacy and where to report an issue', async () => {
    renderAt(<SecurityPage />, '/security');
    expectLandmarksAndOneH1();
    expect(document.title).toBe('Security — Jotlist');
    expectSections([
      'Encryption',
      'Authentication and Access Control',
      'Infrastructure Security',
      'Privacy by Design',
      'Best Practices',
      'Reporting a Security Issue',
    ]);
    // Encryption at rest says exactly what it protects, on each engine (docs/DEPLOY.md).
    const encryption = within(screen.getByRole('region', { name: 'Encryption' }));
    expect(
      encryption.getByText(/database file and its backups are encrypted with AES-256/),
    ).toBeInTheDocument();
    expect(
      encryption.getByText(/a copy of the data folder or of a backup reveals nothing/),
    ).toBeInTheDocument();
    expect(encryption.getByText(/only backups copied elsewhere are protected/)).toBeInTheDocument();
    expect(
      encryption.getByText(/With PostgreSQL, .* encrypted at rest only by the encrypted disk/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    const reporting = within(screen.getByRole('region', { name: 'Reporting a Security Issue' }));
    expect(reporting.getByText(/responsible disclosure/)).toBeInTheDocument();
    expect(await reporting.findByRole('link', { name: configuredSupportEmail })).toHaveAttribute(
      'href',
      `mailto:${configuredSupportEmail}`,
    );
  });

  it('/privacy: the encryption, sharing, backup, deletion and export promises and a contact', async () => {
    renderAt(<PrivacyPage />, '/privacy');
    expectLandmarksAndOneH1();
    expect(document.title).toBe('Privacy Policy — Jotlist');
    expect(screen.getAllByText(/HTTPS \(TLS\)/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/AES-256-GCM/).length).toBeGreaterThan(0);
    expect(screen.getByText(/never share it with advertisers/)).toBeInTheDocument();
    expect(screen.getAllByText(/several times a day/).length).toBeGreaterThan(0);
    expect(screen.getByText(/one-click account deletion/i)).toBeInTheDocument();
    expect(screen.getByText(/Export your data:/)).toBeInTheDocument();
    await expectSupportMailto();
  });
});

describe('about and not-found pages', () => {
  it('/about: principles, support hours and a link to /contact', async () => {
    renderAt(<AboutPage />, '/about');
    expectLandmarksAndOneH1();
    expect(document.title).toBe('About — Jotlist');
    for (const principle of ['Fast', 'Never loses your work', 'Your data is yours']) {
      expect(screen.getByRole('heading', { name: principle })).toBeInTheDocument();
    }
    expect(screen.getByText(/Monday to Friday, 9am to 6pm EST\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await expectSupportMailto();
  });

  it('404: a friendly page with a way home', () => {
    renderAt(<NotFoundPage />, '/no-such-page');
    expectLandmarksAndOneH1();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
