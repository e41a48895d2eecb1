import { useId, useState } from 'react';
import {
  formatRule,
  parseRule,
  type RepeatFrequency,
  type RepeatSetting,
  repeatFrequencies,
  type WeekdayCode,
  weekdayCodes,
} from '../../../../shared/domain/repeat-rule.ts';
import { weekdayNames } from '../../../../shared/domain/repeat-text.ts';
import { messages } from '../../../../shared/messages.ts';

const m = messages.repeat;
const fieldClass =
  'rounded-lg border border-slate-200 bg-white px-2 py-1 text-sm text-slate-900 focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none';

type Ends = 'never' | 'on' | 'after';

interface FormState {
  interval: number;
  freq: RepeatFrequency;
  days: WeekdayCode[];
  ends: Ends;
  until: string;
  count: number;
  afterCompletion: boolean;
}

function initialState(initial: RepeatSetting | null, dueDate: string): FormState {
  const parts = initial ? parseRule(initial.rule) : null;
  const dueDay = weekdayCodes[(new Date(`${dueDate}T00:00:00Z`).getUTCDay() + 6) % 7] as WeekdayCode;
  const days = parts?.byDay.filter((d) => d.nth === undefined).map((d) => d.day) ?? [];
  return {
    interval: parts?.interval ?? 1,
    freq: parts?.freq ?? 'WEEKLY',
    days: days.length > 0 ? days : [dueDay],
    ends: parts?.count !== undefined ? 'after' : parts?.until !== undefined ? 'on' : 'never',
    until: parts?.until ?? dueDate,
    count: parts?.count ?? 10,
    afterCompletion: initial?.mode === 'afterCompletion',
  };
}

/** The state as a rule: weekdays only for a fixed weekly rule (after completion counts from the day done). */
function toSetting(state: FormState): RepeatSetting {
  const weekly = state.freq === 'WEEKLY' && !state.afterCompletion;
  const rule = formatRule({
    freq: state.freq,
    interval: Math.max(1, Math.trunc(state.interval) || 1),
    byDay: weekly ? weekdayCodes.filter((d) => state.days.includes(d)).map((day) => ({ day })) : [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    ...(state.ends === 'after' ? { count: Math.max(1, Math.trunc(state.count) || 1) } : {}),
    ...(state.ends === 'on' && state.until ? { until: state.until } : {}),
  });
  return { rule, mode: state.afterCompletion ? 'afterCompletion' : 'fixed' };
}

interface RepeatCustomFormProps {
  initial: RepeatSetting | null;
  dueDate: string;
  onApply(repeat: RepeatSetting): void;
  onCancel(): void;
}

/** Custom…: every N days/weeks/months/years, weekdays for weekly, an end, and after completion. */
export function RepeatCustomForm({ initial, dueDate, onApply, onCancel }: RepeatCustomFormProps) {
  const ids = useId();
  const [state, setState] = useState(() => initialState(initial, dueDate));
  const set = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  const toggleDay = (day: WeekdayCode, on: boolean) =>
    set({ days: on ? [...state.days, day] : state.days.filter((d) => d !== day) });

  return (
    <form
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(toSetting(state));
      }}
    >
      <div className="flex items-center gap-2">
        <span aria-hidden="true">{m.every}</span>
        <input
          type="number"
          min={1}
          max={999}
          aria-label={`${m.every} (${m.interval})`}
          value={state.interval}
          onChange={(event) => set({ interval: Number(event.target.value) })}
          className={`${fieldClass} w-20`}
        />
        <select
          aria-label={m.unit}
          value={state.freq}
          onChange={(event) => set({ freq: event.target.value as RepeatFrequency })}
          className={fieldClass}
        >
          {repeatFrequencies.map((freq) => (
            <option key={freq} value={freq}>
              {m.units[freq]}
            </option>
          ))}
        </select>
      </div>
      {state.freq === 'WEEKLY' && !state.afterCompletion && (
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-slate-600">{m.onDays}</legend>
          <div className="flex flex-wrap gap-2">
            {weekdayCodes.map((day) => (
              <label key={day} className="flex items-center gap-1 text-xs">
                <input
                  type="checkbox"
                  checked={state.days.includes(day)}
                  onChange={(event) => toggleDay(day, event.target.checked)}
                />
                {weekdayNames[day]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset>
        <legend className="mb-1 text-xs font-medium text-slate-600">{m.ends}</legend>
        <div className="space-y-1">
          {(
            [
              ['never', m.endsNever],
              ['on', m.endsOn],
              ['after', m.endsAfter],
            ] as const
          ).map(([ends, label]) => (
            <label key={ends} className="flex items-center gap-1.5 text-xs">
              <input
                type="radio"
                name={`${ids}-ends`}
                checked={state.ends === ends}
                onChange={() => set({ ends })}
              />
              {label}
            </label>
          ))}
        </div>
        {state.ends === 'on' && (
          <input
            type="date"
            aria-label={m.endDate}
            value={state.until}
            min={dueDate}
            onChange={(event) => set({ until: event.target.value })}
            className={`${fieldClass} mt-1`}
          />
        )}
        {state.ends === 'after' && (
          <input
            type="number"
            min={1}
            max={9999}
            aria-label={m.endCount}
            value={state.count}
            onChange={(event) => set({ count: Number(event.target.value) })}
            className={`${fieldClass} mt-1 w-24`}
          />
        )}
      </fieldset>
      <label className="flex items-center gap-1.5 text-xs">
        <input
          type="checkbox"
          checked={state.afterCompletion}
          onChange={(event) => set({ afterCompletion: event.target.checked })}
        />
        {m.afterCompletion}
      </label>
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-md bg-blue-600 px-3 py-1 text-xs font-medium text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {m.apply}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md px-3 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
