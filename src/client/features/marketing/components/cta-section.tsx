import ArrowRight from 'lucide-react/icons/arrow-right';
import { buttonStyles } from '../../../../shared/site-chrome.ts';
import { useSiteInfo } from '../../../lib/use-site-info.ts';
import { SectionLink } from './section-link.tsx';
import { TrialLink } from './trial-link.tsx';

export function CtaSection() {
  const { trialDays } = useSiteInfo();
  return (
    <section aria-labelledby="cta-title" className="px-4 py-24 sm:px-6 sm:py-28 lg:px-8">
      <div className="light-palette relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-blue-600 via-blue-700 to-indigo-800 px-6 py-16 text-center shadow-2xl shadow-blue-900/20 sm:px-16 sm:py-20">
        <div aria-hidden="true" className="absolute inset-0 -z-10">
          <div className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-white/10 blur-2xl" />
          <div className="absolute -bottom-32 -left-16 h-80 w-80 rounded-full bg-indigo-400/20 blur-3xl" />
        </div>
        <h2
          id="cta-title"
          className="mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl"
        >
          Clear your head. Keep everything.
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lg leading-8 text-pretty text-blue-100">
          Start your {trialDays}-day free trial today. No credit card, nothing to install, and you can cancel
          anytime.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <TrialLink className={`${buttonStyles.onDark} ${buttonStyles.lg} w-full sm:w-auto`}>
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </TrialLink>
          <SectionLink
            section="features"
            onLanding
            className={`${buttonStyles.ghostOnDark} ${buttonStyles.lg} w-full sm:w-auto`}
          >
            Explore the features
          </SectionLink>
        </div>
      </div>
    </section>
  );
}
