import ArrowRight from 'lucide-react/icons/arrow-right';
import Check from 'lucide-react/icons/check';
import { buttonStyles } from '../../../../shared/site-chrome.ts';
import { useSiteInfo } from '../../../lib/use-site-info.ts';
import { ProductMock } from './product-mock.tsx';
import { SectionLink } from './section-link.tsx';
import { TrialLink } from './trial-link.tsx';

export function HeroSection() {
  const { trialDays } = useSiteInfo();
  const promises = [`${trialDays}-day free trial`, 'No credit card', 'Cancel anytime'];
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden pt-32 pb-20 sm:pt-40 sm:pb-28"
    >
      {/* Soft colour and a faint grid behind the headline: depth without an image download. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute inset-x-0 top-0 h-[640px] bg-[radial-gradient(60%_50%_at_50%_0%,rgba(59,130,246,0.16),transparent_70%)]" />
        <div className="absolute top-40 -right-40 h-96 w-96 rounded-full bg-indigo-300/20 blur-3xl" />
        <div className="absolute top-72 -left-40 h-80 w-80 rounded-full bg-sky-300/20 blur-3xl" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgba(15,23,42,0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgba(15,23,42,0.04)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_65%)] bg-[size:48px_48px]" />
      </div>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-4xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200/80 bg-white/70 px-3 py-1 text-xs font-medium text-blue-700 shadow-sm backdrop-blur sm:text-sm">
            <span className="h-1.5 w-1.5 rounded-full bg-blue-600" aria-hidden="true" />
            Notes, tasks and your calendar, together
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance text-slate-950 sm:text-6xl sm:leading-[1.05]"
          >
            Everything on your mind,{' '}
            <span className="bg-gradient-to-r from-blue-600 via-indigo-600 to-violet-600 bg-clip-text text-transparent">
              finally in one place.
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600">
            Jotlist keeps your notebooks and to-do lists side by side. Write things down, break them into
            tasks, put them on your calendar — and never worry about losing a word, because everything is
            saved and backed up for you.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <TrialLink className={`${buttonStyles.primary} ${buttonStyles.lg} w-full sm:w-auto`}>
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </TrialLink>
            <SectionLink
              section="demo"
              onLanding
              className={`${buttonStyles.secondary} ${buttonStyles.lg} w-full sm:w-auto`}
            >
              See it in action
            </SectionLink>
          </div>
          <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-slate-600">
            {promises.map((promise) => (
              <li key={promise} className="inline-flex items-center gap-1.5">
                <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative mx-auto mt-16 max-w-5xl sm:mt-20">
          <ProductMock />
        </div>
      </div>
    </section>
  );
}
