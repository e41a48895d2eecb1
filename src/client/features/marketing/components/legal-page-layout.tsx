import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Link } from '../../../lib/router.tsx';
import { scrollToSection } from '../scroll-to-section.ts';
import { PublicLayout } from './public-layout.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageLayoutProps {
  title: string;
  /** Shown under the title, e.g. "Last updated: January 2025". */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** Extra content between the intro and the sections (summary cards). */
  highlights?: ReactNode;
}

// Body text styles for the sections' plain <p>, <ul> and <a>, so the documents stay plain JSX.
const prose =
  'text-[15px] leading-7 text-slate-600 [&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:decoration-blue-300 [&_a]:underline-offset-4 [&_a:hover]:decoration-blue-600 [&_li]:mt-2 [&_li]:pl-1 [&_p]:mt-4 [&_p:first-child]:mt-0 [&_strong]:font-semibold [&_strong]:text-slate-800 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-5 [&_ul]:marker:text-slate-400';

/** Shared frame of /privacy, /terms and /security: title block, table of contents, numbered sections. */
export function LegalPageLayout({ title, updated, intro, sections, highlights }: LegalPageLayoutProps) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <div className="border-b border-slate-200 bg-gradient-to-b from-slate-50 to-white pt-28 pb-12 sm:pt-36 sm:pb-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to home
          </Link>
          <h1 className="mt-6 text-4xl font-semibold tracking-tight text-slate-950 sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm font-medium text-slate-500">{updated}</p>
          <div className="mt-6 max-w-3xl text-lg leading-8 text-slate-600">{intro}</div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {highlights}
        <div className="grid gap-12 lg:grid-cols-[220px_1fr] lg:gap-16">
          <nav aria-label="On this page" className="hidden lg:block">
            <div className="sticky top-24">
              <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">On this page</p>
              <ol className="mt-4 space-y-1 border-l border-slate-200">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      onClick={(event) => {
                        if (scrollToSection(section.id)) event.preventDefault();
                      }}
                      className="-ml-px block border-l border-transparent py-1 pl-4 text-sm text-slate-600 hover:border-slate-400 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          <article className="max-w-3xl">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                tabIndex={-1}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-24 border-b border-slate-100 py-8 first:pt-0 last:border-b-0 focus:outline-none"
              >
                <h2
                  id={`${section.id}-title`}
                  className="flex items-baseline gap-3 text-xl font-semibold tracking-tight text-slate-900"
                >
                  <span className="text-sm font-medium text-slate-500 tabular-nums" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  {section.title}
                </h2>
                <div className={`mt-4 ${prose}`}>{section.body}</div>
              </section>
            ))}
          </article>
        </div>
      </div>
    </PublicLayout>
  );
}
