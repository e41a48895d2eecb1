import { Link } from '../../../lib/router.tsx';
import { useSiteInfo } from '../../../lib/use-site-info.ts';
import { LegalPageLayout, type LegalSection } from '../components/legal-page-layout.tsx';
import { SupportEmailLink } from '../components/support-email-link.tsx';

export function TermsDocument() {
  const { trialDays } = useSiteInfo();
  const sections: LegalSection[] = [
    {
      id: 'acceptance',
      title: 'Acceptance of Terms',
      body: (
        <>
          <p>
            By creating an account or using Jotlist (the “Service”), you agree to these Terms of Service and
            to our <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use the
            Service.
          </p>
          <p>
            We may update these terms as the Service evolves. When a change is significant, we will tell you
            by e-mail or in the app before it takes effect. Continuing to use Jotlist after that means you
            accept the updated terms.
          </p>
        </>
      ),
    },
    {
      id: 'description',
      title: 'Description of Service',
      body: (
        <>
          <p>
            Jotlist is a web application for individuals to organise notes (notebooks, sections and pages) and
            tasks (to-do lists, categories, tasks and subtasks), with calendar export and sync, and backup and
            restore of your data.
          </p>
          <p>
            Every new account starts with a {trialDays}-day free trial with full access and no credit card.
            When the trial ends, your account becomes read-only — you can still view and export everything —
            until you choose a paid plan: <strong>Monthly</strong> at $5 per month or <strong>Yearly</strong>{' '}
            at $50 per year. Subscriptions renew automatically until you cancel.
          </p>
          <p>
            We keep improving Jotlist and may add, change or retire features. We will not take away a core
            part of the Service you are paying for without telling you in advance.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'User Accounts',
      body: (
        <ul>
          <li>You must be at least 13 years old to use Jotlist.</li>
          <li>
            One account per person. Creating several accounts to extend the free trial, or otherwise abusing
            trials or promotions, is not allowed and may lead to the accounts being suspended.
          </li>
          <li>
            Give us an e-mail address you can receive mail at, keep your password to yourself, and tell us
            straight away if you think someone else has used your account. You can sign out of all devices at
            any time.
          </li>
          <li>You are responsible for what happens under your account.</li>
        </ul>
      ),
    },
    {
      id: 'content',
      title: 'User Content and Ownership',
      body: (
        <>
          <p>
            <strong>Your notes and tasks are yours.</strong> You keep full ownership of everything you create
            in Jotlist. We claim no rights over it.
          </p>
          <p>
            To run the Service we need a limited permission to store, back up, process and display your
            content — only to provide Jotlist to you, for example to show your notes on your devices or to
            send a task to a calendar you have connected. This permission ends when you delete your content or
            your account, except for copies that remain in backups until they expire.
          </p>
          <p>You are responsible for your content and for having the right to store it.</p>
        </>
      ),
    },
    {
      id: 'prohibited',
      title: 'Prohibited Uses',
      body: (
        <>
          <p>When you use Jotlist, you agree not to:</p>
          <ul>
            <li>break the law, or store or share content that infringes the rights of others;</li>
            <li>upload malware or anything designed to harm the Service or other people;</li>
            <li>try to access another person’s account or data, or get around our security measures;</li>
            <li>
              probe or test our systems for vulnerabilities other than under our responsible disclosure
              process described on the <Link to="/security">Security</Link> page;
            </li>
            <li>overload the Service, scrape it automatically, or resell it without our permission;</li>
            <li>abuse the free trial or promotions, for example by opening several accounts.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      body: (
        <>
          <p>
            We work hard to keep Jotlist available and your data safe, with backups several times a day. Even
            so, the Service is provided “as is” and “as available”, and we cannot promise it will be
            uninterrupted or free of errors.
          </p>
          <p>
            To the fullest extent permitted by law, Jotlist is not liable for indirect, incidental, special or
            consequential damages, or for lost profits or data, arising from your use of the Service. Our
            total liability for any claim is limited to the amount you paid us in the twelve months before it
            arose. Nothing in these terms limits liability that cannot be limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      body: (
        <>
          <p>
            You can cancel your subscription at any time from Settings. It stays active until the end of the
            current billing period and you will not be charged again. Before you leave, you have the chance to
            export all of your data as a JSON file.
          </p>
          <p>
            You can also delete your account from Settings, which permanently removes your data. We may
            suspend or close accounts that break these terms; where the law and security allow, we will tell
            you first and give you a chance to export your data.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms? Write to us at <SupportEmailLink />. To learn how we handle your
          personal data, read our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      ),
    },
  ];
  return (
    <LegalPageLayout
      title="Terms of Service"
      updated="Last updated: January 2025"
      intro={
        <p>
          These terms explain what you can expect from Jotlist and what we ask of you in return. We have kept
          them as short and plain as we can.
        </p>
      }
      sections={sections}
    />
  );
}
