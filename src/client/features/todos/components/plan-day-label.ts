import { addDays } from '../../../../shared/domain/plan-days.ts';
import { messages } from '../../../../shared/messages.ts';

/** A day's heading in Upcoming: `Today`, `Tomorrow`, else like `Mon 30 Nov`. */
export function planDayLabel(day: string, today: string): string {
  if (day === today) return messages.plan.today;
  if (day === addDays(today, 1)) return messages.plan.tomorrow;
  const date = new Date(`${day}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(date);
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
}
