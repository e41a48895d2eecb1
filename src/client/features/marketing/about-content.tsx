import HardDriveDownload from 'lucide-react/icons/hard-drive-download';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Zap from 'lucide-react/icons/zap';
import { buttonStyles } from '../../../shared/site-chrome.ts';
import { useDocumentTitle } from '../../components/layout/use-document-title.ts';
import { Link } from '../../lib/router.tsx';
import { PublicLayout } from './components/public-layout.tsx';
import { SupportEmailLink } from './components/support-email-link.tsx';
import { TrialLink } from './components/trial-link.tsx';

const principles = [
  {
    icon: Zap,
    title: 'Fast',
    body: 'Opening a notebook, switching lists or searching everything should feel instant, whether you have ten pages or ten thousand. If a tool makes you wait, you stop using it.',
  },
  {
    icon: ShieldCheck,
    title: 'Never loses your work',
    body: 'Every word you type is kept until it is safely saved, and your data is backed up several times a day. Losing a note should never be something you have to think about.',
  },
  {
    icon: HardDriveDownload,
    title: 'Your data is yours',
    body: 'Export everything to a single file at any time, take it wherever you like, or delete your account in one click. We never share your data with advertisers.',
  },
];

const audiences = [
  {
    title: 'Students',
    body: 'Lecture notes by course and topic, with deadlines that land on your calendar.',
  },
  { title: 'Freelancers', body: 'Client notes beside client tasks, with time estimates to plan your week.' },
  { title: 'Busy people', body: 'Groceries, trips, projects and ideas, in one place instead of five.' },
];

export function AboutContent() {
  useDocumentTitle('About');
  return (
    <PublicLayout>
      <section className="relative isolate overflow-hidden border-b border-slate-200 bg-gradient-to-b from-blue-50/60 to-white pt-32 pb-16 sm:pt-40 sm:pb-24">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <p className="text-sm font-semibold text-blue-600">About us</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-slate-950 sm:text-5xl">
            About Jotlist
          </h1>
          <p className="mt-6 text-lg leading-8 text-pretty text-slate-600">
            Jotlist is a notes and tasks app for individuals. It gives what you know and what you need to do
            one calm, fast home — so you spend less time managing tools and more time getting things done.
          </p>
        </div>
      </section>

      <section
        aria-labelledby="what-title"
        className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8"
      >
        <div>
          <h2 id="what-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            What Jotlist is
          </h2>
          <p className="mt-5 leading-7 text-slate-600">
            Notes live in notebooks, sections and pages. Tasks live in lists and categories, with subtasks,
            due dates, priorities and time estimates. Any task can go to your calendar, and everything is
            backed up automatically and can be exported whenever you like.
          </p>
          <p className="mt-4 leading-7 text-slate-600">
            It runs in your browser, with nothing to install, and it is one subscription with everything
            included: no tiers, no add-ons, no limits on how much you write.
          </p>
        </div>
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Who it is for</h2>
          <p className="mt-5 leading-7 text-slate-600">
            People who think in lists and write things down: anyone whose notes and to-dos are currently
            spread across sticky notes, e-mail drafts and three different apps.
          </p>
          <ul className="mt-6 space-y-4">
            {audiences.map((audience) => (
              <li
                key={audience.title}
                className="rounded-xl border border-slate-200 bg-slate-50/60 px-5 py-4"
              >
                <p className="font-semibold text-slate-900">{audience.title}</p>
                <p className="mt-1 text-sm leading-6 text-slate-600">{audience.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="principles-title" className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2
            id="principles-title"
            className="text-center text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl"
          >
            Our principles
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {principles.map(({ icon: Icon, title, body }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-blue-50 text-blue-600 ring-1 ring-blue-100">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="support-title"
        className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6 sm:py-24"
      >
        <h2 id="support-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Talk to a real person
        </h2>
        <p className="mt-5 leading-7 text-slate-600">
          Our support team is here Monday to Friday, 9am to 6pm EST. Write to <SupportEmailLink /> or send us
          a message, and we will get back to you.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/contact" className={`${buttonStyles.primary} ${buttonStyles.md}`}>
            Contact us
          </Link>
          <TrialLink className={`${buttonStyles.secondary} ${buttonStyles.md}`} />
        </div>
      </section>
    </PublicLayout>
  );
}
