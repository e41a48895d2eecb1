import { CalendarDays, CalendarRange } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import { usePlanCounts } from '../hooks/use-plan.ts';

interface PlanEntriesProps {
  current: 'today' | 'upcoming' | null;
  onShow(view: 'today' | 'upcoming'): void;
}

/** Today and Upcoming above the lists, each with its count of open tasks (`Today 3`). */
export function PlanEntries({ current, onShow }: PlanEntriesProps) {
  const counts = usePlanCounts().data?.counts;
  const entries = [
    { view: 'today', label: messages.plan.today, count: counts?.today, Icon: CalendarDays },
    { view: 'upcoming', label: messages.plan.upcoming, count: counts?.upcoming, Icon: CalendarRange },
  ] as const;
  return (
    <ul className="space-y-0.5 px-2 pt-1 pb-2">
      {entries.map(({ view, label, count, Icon }) => (
        <li key={view}>
          <button
            type="button"
            onClick={() => onShow(view)}
            aria-current={current === view ? 'page' : undefined}
            className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-blue-600 ${
              current === view
                ? 'bg-slate-200/70 font-medium text-slate-900'
                : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="flex-1">{label}</span>
            {count !== undefined && count > 0 && (
              <span className="text-xs text-slate-500 tabular-nums">{count}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
