import Activity from 'lucide-react/icons/activity';
import KeyRound from 'lucide-react/icons/key-round';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from '../../../lib/router.tsx';
import { LegalHighlights } from '../components/legal-highlights.tsx';
import { LegalPageLayout, type LegalSection } from '../components/legal-page-layout.tsx';
import { SupportEmailLink } from '../components/support-email-link.tsx';

const sections: LegalSection[] = [
  {
    id: 'encryption',
    title: 'Encryption',
    body: (
      <ul>
        <li>
          <strong>In transit:</strong> every connection to Jotlist is encrypted with HTTPS (TLS), and browsers
          are told to use nothing else for a year, so nobody between you and us can read or change your data.
        </li>
        <li>
          <strong>At rest:</strong> calendar access you grant (sign-in tokens, CalDAV passwords) and calendar
          feed links are encrypted with AES-256-GCM under the server's secret key.
        </li>
        <li>
          <strong>Your notes and tasks</strong> are kept in the server's database. With the built-in SQLite
          database, the database file and its backups are encrypted with AES-256 (SQLCipher's format) under a
          key derived from the server's secret key. When that secret key is given from the environment or a
          secret store, a copy of the data folder or of a backup reveals nothing; when the server generated
          its key into a file beside the data, only backups copied elsewhere are protected. With PostgreSQL,
          the database and its backups are encrypted at rest only by the encrypted disk or volume they are
          stored on.
        </li>
        <li>
          <strong>Secrets:</strong> access to calendars you connect is encrypted separately, and is only used
          when you sync a task.
        </li>
      </ul>
    ),
  },
  {
    id: 'authentication',
    title: 'Authentication and Access Control',
    body: (
      <ul>
        <li>
          Passwords are hashed with a modern, deliberately slow algorithm before they are stored. We never
          store or see your actual password.
        </li>
        <li>
          Sessions are short-lived and renewed automatically while you use the app. They live in secure
          cookies that scripts on the page cannot read.
        </li>
        <li>
          You can log out from all devices at once — useful if you lose a laptop or signed in on a shared
          computer.
        </li>
        <li>
          Every request is checked on our servers: an account can only ever reach its own notes and tasks.
        </li>
        <li>Repeated failed sign-in attempts are slowed down to stop password guessing.</li>
      </ul>
    ),
  },
  {
    id: 'infrastructure',
    title: 'Infrastructure Security',
    body: (
      <ul>
        <li>Jotlist is run for 99.9% uptime, so your notes are there when you need them.</li>
        <li>
          Your data is backed up several times a day, so it can be restored quickly if something goes wrong.
        </li>
        <li>
          Access to production systems is limited to the few people who need it, and our software and its
          dependencies are kept up to date with security fixes.
        </li>
      </ul>
    ),
  },
  {
    id: 'privacy-by-design',
    title: 'Privacy by Design',
    body: (
      <p>
        We collect only what we need to run Jotlist, never share your data with advertisers, and give you the
        tools to take your data with you (export to JSON) or remove it for good (one-click account deletion).
        Our <Link to="/privacy">Privacy Policy</Link> has the details.
      </p>
    ),
  },
  {
    id: 'best-practices',
    title: 'Best Practices',
    body: (
      <>
        <p>A few habits keep your account as safe as our systems:</p>
        <ul>
          <li>Use a strong password that you don’t use anywhere else; a password manager helps.</li>
          <li>Keep your e-mail account secure — password reset links are sent there.</li>
          <li>Sign out on shared computers, and log out from all devices if one is lost.</li>
          <li>We will never ask for your password by e-mail. Be wary of messages that do.</li>
          <li>Export a backup of your data from Settings from time to time.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting a Security Issue',
    body: (
      <>
        <p>
          If you believe you have found a vulnerability in Jotlist, please e-mail us at <SupportEmailLink />{' '}
          with a description and the steps to reproduce it. We practise responsible disclosure:
        </p>
        <ul>
          <li>we acknowledge your report quickly and keep you informed while we fix it;</li>
          <li>please give us reasonable time to fix the issue before sharing it publicly;</li>
          <li>
            don’t access, change or delete other people’s data, and don’t degrade the Service while testing;
          </li>
          <li>we will not take legal action against research done in good faith under these rules.</li>
        </ul>
      </>
    ),
  },
];

const highlights = [
  {
    icon: ShieldCheck,
    title: 'HTTPS and AES-256 at rest',
    body: 'Encrypted in transit; calendar access encrypted at rest with AES-256-GCM, and the built-in SQLite database and its backups with AES-256.',
  },
  {
    icon: KeyRound,
    title: 'Hashed passwords, short sessions',
    body: 'And one click to log out from all devices.',
  },
  { icon: Activity, title: '99.9% uptime', body: 'With backups several times a day.' },
];

export function SecurityDocument() {
  return (
    <LegalPageLayout
      title="Security"
      updated="Last updated: January 2025"
      intro={
        <p>You trust Jotlist with what’s on your mind. Here is how we protect it, and how you can help.</p>
      }
      highlights={<LegalHighlights label="At a glance" items={highlights} />}
      sections={sections}
    />
  );
}
