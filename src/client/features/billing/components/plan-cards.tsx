import { Check, LoaderCircle } from 'lucide-react';
import type { PlanEntry } from '../../../../shared/schemas/billing.ts';
import { buttonClass } from '../../../components/ui/submit-button.tsx';
import { formatUsd, perInterval } from '../format.ts';

interface PlanCardsProps {
  plans: PlanEntry[];
  /** The subscriber's plan, marked "Current plan". */
  currentPlanId?: string | null;
  /** Without it the plans are shown for information only (a subscriber changes plan in the portal). */
  onChoose?(plan: PlanEntry): void;
  /** The plan whose checkout is being started; every button waits meanwhile. */
  pendingPlanId?: string | null;
}

/** The plan catalogue (docs/PRODUCT.md §3, §9): Monthly $5, Yearly $50 (popular, $4.17/month, save $10 / 17%). */
export function PlanCards({ plans, currentPlanId, onChoose, pendingPlanId }: PlanCardsProps) {
  // Yearly first: it is the recommended plan and the default of a checkout.
  const ordered = [...plans].sort((a, b) => Number(b.popular) - Number(a.popular));
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {ordered.map((plan) => {
        const current = plan.id === currentPlanId;
        return (
          <li
            key={plan.id}
            aria-label={plan.name}
            className={`relative flex flex-col rounded-xl bg-white p-4 ${
              plan.popular ? 'ring-2 ring-blue-600' : 'ring-1 ring-slate-200'
            }`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <h4 className="text-sm font-semibold text-slate-900">{plan.name}</h4>
              {plan.popular ? (
                <span className="rounded-full bg-blue-600 px-2 py-0.5 text-xs font-semibold text-white">
                  Most Popular
                </span>
              ) : null}
              {current ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                  Current plan
                </span>
              ) : null}
            </div>
            <p className="mt-2 text-slate-900">
              <span className="text-2xl font-bold">{formatUsd(plan.price)}</span>
              <span className="text-sm text-slate-500">{perInterval(plan)}</span>
            </p>
            <p className="text-sm text-slate-600">{plan.description}</p>
            {plan.monthlyEquivalent !== null ? (
              <p className="mt-1 text-sm text-slate-700">
                {formatUsd(plan.monthlyEquivalent, { cents: true })}/month
              </p>
            ) : null}
            {plan.savings !== null ? (
              <p className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-emerald-700">
                <Check className="h-4 w-4" aria-hidden="true" />
                Save {formatUsd(plan.savings)} ({plan.savingsPercentage}%)
              </p>
            ) : null}
            {onChoose && !current ? (
              <button
                type="button"
                onClick={() => onChoose(plan)}
                disabled={Boolean(pendingPlanId)}
                aria-busy={pendingPlanId === plan.id || undefined}
                className={`mt-4 ${buttonClass(plan.popular ? 'primary' : 'secondary', true)}`}
              >
                {pendingPlanId === plan.id ? (
                  <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
                ) : null}
                Choose {plan.name}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
