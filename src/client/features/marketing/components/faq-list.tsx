import ChevronDown from 'lucide-react/icons/chevron-down';

/** Plain <details> elements: open and close by keyboard with no script at all. */
export function FaqList({ trialDays }: { trialDays: number }) {
  const questions = [
    {
      q: 'What happens when my trial ends?',
      a: `After ${trialDays} days your account becomes read-only: every note and task is still there to read and export, and choosing a plan unlocks editing again instantly. Nothing is deleted.`,
    },
    {
      q: 'Do I need a credit card to start?',
      a: 'No. Sign up with your e-mail address and start using Jotlist straight away. You only enter payment details if you decide to subscribe.',
    },
    {
      q: 'Can I cancel anytime?',
      a: 'Yes. Cancel from Settings in a couple of clicks and keep full access until the end of the period you paid for. You can export all your data first.',
    },
    {
      q: 'Can I get my data out?',
      a: 'Always. Export everything to a single JSON file whenever you want, and import it again later. Tasks can also go to your calendar as .ics files.',
    },
  ];
  return (
    <div className="mx-auto mt-20 max-w-3xl">
      <h3 className="text-center text-xl font-semibold text-slate-900">Questions, answered</h3>
      <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {questions.map(({ q, a }) => (
          <details key={q} className="group px-6 py-1">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 [&::-webkit-details-marker]:hidden">
              {q}
              <ChevronDown
                className="h-5 w-5 shrink-0 text-slate-400 transition group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="pb-5 leading-7 text-slate-600">{a}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
