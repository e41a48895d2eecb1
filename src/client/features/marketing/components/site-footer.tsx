import { Logo } from '../../../components/layout/logo.tsx';
import { Link } from '../../../lib/router.tsx';
import { SupportEmailLink } from './support-email-link.tsx';

const footerColumns = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
      { to: '/security', label: 'Security' },
    ],
  },
] as const;

const footerLinkStyle =
  'rounded-sm text-sm text-slate-600 transition hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** The public pages' footer: company and legal links, support hours and address. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50/70">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[1.6fr_1fr_1fr]">
          <div className="max-w-sm">
            <Logo />
            <p className="mt-4 text-sm leading-6 text-slate-600">
              Notes and tasks for people with a lot on their mind. Organised the way you think, synced to your
              calendar, backed up for you.
            </p>
            <p className="mt-4 text-sm leading-6 text-slate-600">
              Support: Monday to Friday, 9am to 6pm EST
              <br />
              <SupportEmailLink className={footerLinkStyle} />
            </p>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={footerLinkStyle}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-2 border-t border-slate-200 pt-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Jotlist. All rights reserved.</p>
          <p>Encrypted in transit and at rest · Backed up several times a day</p>
        </div>
      </div>
    </footer>
  );
}
