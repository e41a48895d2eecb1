import Clock from 'lucide-react/icons/clock';
import Mail from 'lucide-react/icons/mail';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { ContactForm } from '../features/contact/contact-form.tsx';
import { PublicLayout } from '../features/marketing/components/public-layout.tsx';
import { Link } from '../lib/router.tsx';
import { useSiteInfo } from '../lib/use-site-info.ts';

const linkStyle =
  'font-medium text-blue-700 underline decoration-blue-300 underline-offset-4 hover:decoration-blue-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white text-blue-600 shadow-sm ring-1 ring-slate-200">
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <div className="mt-1 text-sm leading-6 text-slate-600">{children}</div>
      </div>
    </div>
  );
}

export function ContactPage() {
  useDocumentTitle('Contact us');
  const { supportEmail } = useSiteInfo();

  return (
    <PublicLayout>
      <div className="relative isolate overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[520px] bg-[radial-gradient(55%_60%_at_20%_0%,rgba(59,130,246,0.13),transparent_70%)]"
        />
        {/* DOM order is intro, form, details: on a phone the form comes right after the intro; on a
            wide screen the grid puts the details under the intro, beside the form. */}
        <div className="mx-auto grid max-w-6xl gap-x-16 gap-y-12 px-4 pt-28 pb-20 sm:px-6 sm:pt-36 sm:pb-28 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr] lg:px-8">
          <div className="lg:col-start-1 lg:row-start-1 lg:pt-4">
            <p className="text-sm font-semibold text-blue-700">Support</p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-slate-950 sm:text-5xl">
              Contact us
            </h1>
            <p className="mt-5 text-lg leading-8 text-pretty text-slate-600">
              A question about your account, an idea for Jotlist, or something not working as it should? Send
              us a message and a real person on our team will reply by e-mail.
            </p>
          </div>

          <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <ContactForm />
          </div>

          <div className="space-y-7 lg:col-start-1 lg:row-start-2">
            <InfoItem icon={<Clock className="h-5 w-5" aria-hidden="true" />} title="Support hours">
              Monday to Friday, 9am to 6pm EST
            </InfoItem>
            <InfoItem icon={<Mail className="h-5 w-5" aria-hidden="true" />} title="Email">
              <p>Prefer your own mail app? Write to</p>
              <a href={`mailto:${supportEmail}`} className={`${linkStyle} [overflow-wrap:anywhere]`}>
                {supportEmail}
              </a>
            </InfoItem>
            <InfoItem
              icon={<ShieldCheck className="h-5 w-5" aria-hidden="true" />}
              title="Reporting a security issue"
            >
              Please read our{' '}
              <Link to="/security" className={linkStyle}>
                security page
              </Link>{' '}
              first, so your report reaches the right people.
            </InfoItem>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
