import Download from 'lucide-react/icons/download';
import EyeOff from 'lucide-react/icons/eye-off';
import Lock from 'lucide-react/icons/lock';
import { Link } from '../../../lib/router.tsx';
import { LegalHighlights } from '../components/legal-highlights.tsx';
import { LegalPageLayout, type LegalSection } from '../components/legal-page-layout.tsx';
import { SupportEmailLink } from '../components/support-email-link.tsx';

const sections: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your e-mail address and a hashed version of your password. We
          never store your password itself.
        </li>
        <li>
          <strong>Your content:</strong> the notebooks, sections, pages, to-do lists, categories, tasks and
          subtasks you create, with their dates, priorities and estimates.
        </li>
        <li>
          <strong>Billing details:</strong> payments are handled by our payment processor. We keep your
          subscription status, plan and the brand and last four digits of your card — never the full card
          number.
        </li>
        <li>
          <strong>Calendar connections:</strong> if you connect Google Calendar or Outlook, we store the
          access it grants, encrypted, and the name of the calendar you chose.
        </li>
        <li>
          <strong>Messages to us:</strong> the name, e-mail address, subject and message you send through our
          contact form.
        </li>
        <li>
          <strong>Technical data:</strong> limited server logs (such as IP address and request time) used to
          keep the Service secure and reliable.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How We Use Your Information',
    body: (
      <>
        <p>We use your information only to run Jotlist for you:</p>
        <ul>
          <li>to provide, sync and back up your notes and tasks;</li>
          <li>
            to send essential e-mails, such as account confirmation, password resets and billing notices;
          </li>
          <li>to answer your support requests;</li>
          <li>to protect the Service and its users from abuse, fraud and security threats.</li>
        </ul>
        <p>We never use the content of your notes and tasks for advertising.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    body: (
      <>
        <p>
          <strong>We do not sell your data, and we never share it with advertisers.</strong> We share
          information only with:
        </p>
        <ul>
          <li>
            service providers that help us run Jotlist (hosting, payment processing and e-mail delivery), who
            receive only what they need and may use it for nothing else;
          </li>
          <li>the calendar provider you connect, and only the tasks you choose to sync to it;</li>
          <li>authorities, when the law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security and Encryption',
    body: (
      <p>
        Your data is encrypted in transit with HTTPS (TLS); calendar access you grant is encrypted at rest
        with AES-256-GCM (the Security page says exactly what is encrypted where). Passwords are hashed,
        sessions are short-lived, and you can sign out of all devices at once. Read more on our{' '}
        <Link to="/security">Security</Link> page.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Backups and Retention',
    body: (
      <p>
        Your data is backed up several times a day so that it can be restored if something goes wrong. We keep
        your data for as long as your account exists. When you delete your account, your data is removed from
        our live systems straight away and disappears from backups as they expire on their regular rotation.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights and Choices',
    body: (
      <ul>
        <li>
          <strong>Export your data:</strong> download everything as a single JSON file from Settings at any
          time, and import it again whenever you like.
        </li>
        <li>
          <strong>Correct it:</strong> edit your content directly, and change your e-mail address or password
          in Settings.
        </li>
        <li>
          <strong>Delete it:</strong> one-click account deletion from Settings removes your account and all of
          your data, after a confirmation so it never happens by accident.
        </li>
        <li>For any other request about your personal data, contact us and we will respond promptly.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use only the cookies needed to keep you signed in securely. We do not use advertising cookies or
        third-party tracking.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children’s Privacy',
    body: (
      <p>
        Jotlist is not meant for children under 13, and we do not knowingly collect their data. If you believe
        a child under 13 has created an account, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        If we change this policy in a meaningful way, we will let you know by e-mail or in the app before the
        change takes effect. The date at the top of this page always shows the latest version.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about your privacy? Write to us at <SupportEmailLink />. We answer Monday to Friday, 9am to
        6pm EST. See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
];

const highlights = [
  {
    icon: EyeOff,
    title: 'Never sold, never shared with advertisers',
    body: 'Your notes and tasks are used to run Jotlist for you — nothing else.',
  },
  {
    icon: Lock,
    title: 'Encrypted in transit',
    body: 'HTTPS in transit, calendar secrets under AES-256-GCM, and backups several times a day.',
  },
  {
    icon: Download,
    title: 'Yours to take or delete',
    body: 'Export everything to JSON anytime, or delete your account in one click.',
  },
];

export function PrivacyDocument() {
  return (
    <LegalPageLayout
      title="Privacy Policy"
      updated="Last updated: January 2025"
      intro={
        <p>
          Your notes and tasks are personal. This policy explains what we collect, why, and the control you
          have over it — in plain language.
        </p>
      }
      highlights={<LegalHighlights label="The short version" items={highlights} />}
      sections={sections}
    />
  );
}
