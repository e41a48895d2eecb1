import Check from 'lucide-react/icons/check';
import CreditCard from 'lucide-react/icons/credit-card';
import Sparkles from 'lucide-react/icons/sparkles';
import Undo2 from 'lucide-react/icons/undo-2';
import { buttonStyles } from '../../../../shared/site-chrome.ts';
import { useSiteInfo } from '../../../lib/use-site-info.ts';
import { FaqList } from './faq-list.tsx';
import { SectionHeading } from './section-heading.tsx';
import { TrialLink } from './trial-link.tsx';

// The plan catalogue (docs/PRODUCT.md §3, §9) as the landing page shows it. Kept here rather than imported from
// billing so the landing page downloads none of the billing code.
const plans = [
  {
    name: 'Monthly',
    price: '$5',
    per: '/month',
    description: 'Billed monthly',
    note: 'Flexible. Switch or cancel whenever you like.',
    popular: false,
  },
  {
    name: 'Yearly',
    price: '$50',
    per: '/year',
    description: 'Billed annually',
    note: '$4.17/month — save 17%',
    popular: true,
  },
] as const;

const included = [
  'Unlimited notes and tasks',
  'Calendar export and sync',
  'Automatic backups and JSON export',
  'Encrypted connections and calendar secrets',
  'Priority support',
];

export function PricingSection() {
  const { trialDays } = useSiteInfo();
  const trialPromises = [
    { icon: Sparkles, text: `${trialDays}-day free trial` },
    { icon: CreditCard, text: 'No credit card required' },
    { icon: Undo2, text: 'Cancel anytime' },
  ];
  return (
    <section
      id="pricing"
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className="scroll-mt-16 bg-gradient-to-b from-white to-slate-50 py-24 focus:outline-none sm:py-32"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title={`Try everything free for ${trialDays} days`}
          lead="Every feature is yours during the trial. Afterwards, pick the plan that suits you — one price, everything included."
        />
        <ul className="mx-auto mt-8 flex max-w-2xl flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm font-medium text-slate-700">
          {trialPromises.map(({ icon: Icon, text }) => (
            <li key={text} className="inline-flex items-center gap-2">
              <Icon className="h-4 w-4 text-blue-600" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
        <ul className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          {plans.map((plan) => (
            <li
              key={plan.name}
              aria-label={`${plan.name} plan`}
              className={`relative flex flex-col rounded-3xl bg-white p-8 sm:p-10 ${
                plan.popular
                  ? 'shadow-xl ring-2 shadow-blue-600/10 ring-blue-600'
                  : 'shadow-sm ring-1 ring-slate-200'
              }`}
            >
              {plan.popular && (
                <p className="absolute -top-3.5 left-8 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold text-white shadow-sm sm:left-10">
                  Most popular
                </p>
              )}
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-5xl font-semibold tracking-tight text-slate-950">{plan.price}</span>
                <span className="text-base text-slate-500">{plan.per}</span>
              </p>
              <p className="mt-2 text-sm font-medium text-slate-700">{plan.description}</p>
              <p
                className={`mt-1 text-sm ${plan.popular ? 'font-semibold text-emerald-700' : 'text-slate-500'}`}
              >
                {plan.note}
              </p>
              <ul className="mt-8 flex-1 space-y-3 text-sm text-slate-700">
                {included.map((item) => (
                  <li key={item} className="flex gap-3">
                    <Check className="h-5 w-5 shrink-0 text-blue-600" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
              <TrialLink
                className={`mt-10 ${plan.popular ? buttonStyles.primary : buttonStyles.secondary} ${buttonStyles.md} w-full`}
              />
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-500">
          Prices in US dollars. Your trial needs no card: choose a plan when you’re ready.
        </p>
        <FaqList trialDays={trialDays} />
      </div>
    </section>
  );
}
