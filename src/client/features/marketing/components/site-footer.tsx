import { footerColumns, footerText, siteFooterStyles as s } from '../../../../shared/site-chrome.ts';
import { Logo } from '../../../components/layout/logo.tsx';
import { Link } from '../../../lib/router.tsx';
import { SupportEmailLink } from './support-email-link.tsx';

/** The public pages' footer: company and legal links, support hours and address. */
export function SiteFooter() {
  return (
    <footer className={s.footer}>
      <div className={s.container}>
        <div className={s.grid}>
          <div className={s.brand}>
            <Logo />
            <p className={s.paragraph}>{footerText.tagline}</p>
            <p className={s.paragraph}>
              {footerText.supportHours}
              <br />
              <SupportEmailLink className={s.link} />
            </p>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className={s.columnTitle}>{column.title}</h2>
              <ul className={s.list}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={s.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={s.bottom}>
          <p>{footerText.copyright(new Date().getFullYear())}</p>
          <p>{footerText.assurance}</p>
        </div>
      </div>
    </footer>
  );
}
