import { ChevronDown, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  estimateFromParts,
  estimateParts,
  type Priority,
  priorities,
  priorityLabels,
} from '../../../../shared/domain/task-display.ts';
import { messages } from '../../../../shared/messages.ts';
import type { TaskDetail, UpdateTaskBody } from '../../../../shared/schemas/task.ts';
import { priorityStyle } from './task-badges.tsx';

interface TaskDetailsProps {
  task: TaskDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
  readOnly: boolean;
  onChange(patch: UpdateTaskBody): void;
}

const fieldClass =
  'w-full rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500';

/** A whole number from a field: blank is 0, anything else not a whole number is null (refused). */
const wholeNumber = (text: string): number | null => {
  if (text.trim() === '') return 0;
  const value = Number(text);
  return Number.isFinite(value) ? Math.trunc(value) : null;
};

/**
 * The collapsible Task Details block: due date and time, estimated time and priority (docs/PRODUCT.md §2).
 * The time is wall-clock time in the account's zone; it needs a date, so its field waits for one.
 */
export function TaskDetails({ task, open, onOpenChange, readOnly, onChange }: TaskDetailsProps) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="task-details-body"
          onClick={() => onOpenChange(!open)}
          className="flex w-full items-center justify-between rounded-xl px-4 py-3 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          Task Details
          <ChevronDown
            className={`h-4 w-4 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
      </h3>
      {open && (
        <div id="task-details-body" className="grid gap-4 border-t border-slate-100 px-4 py-4 sm:grid-cols-2">
          <div>
            <label htmlFor="task-due-date" className="mb-1 block text-xs font-medium text-slate-600">
              Due date
            </label>
            <div className="flex items-center gap-1">
              <input
                id="task-due-date"
                type="date"
                value={task.dueDate ?? ''}
                disabled={readOnly}
                onChange={(event) => onChange({ dueDate: event.target.value || null })}
                className={fieldClass}
              />
              {task.dueDate && !readOnly && (
                <button
                  type="button"
                  onClick={() => onChange({ dueDate: null })}
                  aria-label="Clear due date"
                  className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </div>
          </div>
          <div>
            <label htmlFor="task-due-time" className="mb-1 block text-xs font-medium text-slate-600">
              {messages.todos.dueTimeLabel}
            </label>
            <div className="flex items-center gap-1">
              <input
                id="task-due-time"
                type="time"
                value={task.dueTime ?? ''}
                disabled={readOnly || !task.dueDate}
                onChange={(event) => onChange({ dueTime: event.target.value || null })}
                className={fieldClass}
              />
              {task.dueTime && !readOnly && (
                <button
                  type="button"
                  onClick={() => onChange({ dueTime: null })}
                  aria-label={messages.todos.clearDueTime}
                  className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </div>
          </div>
          <EstimateFields
            key={task.id}
            minutes={task.estimatedTime}
            readOnly={readOnly}
            onChange={(estimatedTime) => onChange({ estimatedTime })}
          />
          <fieldset className="sm:col-span-2">
            <legend className="mb-1.5 text-xs font-medium text-slate-600">Priority</legend>
            <div className="flex flex-wrap gap-2">
              {priorities.map((priority) => (
                <PriorityButton
                  key={priority}
                  priority={priority}
                  pressed={task.priority === priority}
                  disabled={readOnly}
                  onPress={() => task.priority !== priority && onChange({ priority })}
                />
              ))}
            </div>
          </fieldset>
        </div>
      )}
    </section>
  );
}

function PriorityButton(props: { priority: Priority; pressed: boolean; disabled: boolean; onPress(): void }) {
  const style = priorityStyle[props.priority];
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onPress}
      className={`rounded-full px-3.5 py-1 text-sm font-medium ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed ${
        props.pressed ? style.active : `bg-white ring-slate-200 hover:bg-slate-50 ${style.text}`
      }`}
    >
      {priorityLabels[props.priority]}
    </button>
  );
}

/**
 * Hours (≥ 0) and minutes (0–59): minutes past 59 are clamped, and the total hours × 60 + minutes is
 * sent when a field is left or Enter is pressed; a total of zero clears the estimate (null).
 */
export function EstimateFields(props: {
  minutes: number | null;
  readOnly: boolean;
  onChange(minutes: number | null): void;
}) {
  const initial = estimateParts(props.minutes);
  const [hours, setHours] = useState(String(initial.hours));
  const [minutes, setMinutes] = useState(String(initial.minutes));
  const box = useRef<HTMLFieldSetElement>(null);

  // A saved estimate (or one changed elsewhere) shows, unless the user is typing in these fields.
  useEffect(() => {
    if (box.current?.contains(document.activeElement)) return;
    setHours(String(initial.hours));
    setMinutes(String(initial.minutes));
  }, [initial.hours, initial.minutes]);

  const commit = () => {
    const h = wholeNumber(hours);
    const m = wholeNumber(minutes);
    const cleanHours = h === null ? initial.hours : Math.max(0, h);
    const cleanMinutes = m === null ? initial.minutes : Math.min(59, Math.max(0, m));
    setHours(String(cleanHours));
    setMinutes(String(cleanMinutes));
    const total = estimateFromParts(cleanHours, cleanMinutes);
    if (total !== (props.minutes ?? null)) props.onChange(total);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };
  // Moving from hours to minutes is one edit: it is sent when the focus leaves both fields.
  const onBlur = (event: React.FocusEvent<HTMLInputElement>) => {
    if (!box.current?.contains(event.relatedTarget)) commit();
  };

  return (
    <fieldset ref={box}>
      <legend className="mb-1 text-xs font-medium text-slate-600">Estimated time</legend>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-1.5 text-sm text-slate-500">
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={hours}
            disabled={props.readOnly}
            aria-label="Hours"
            onChange={(event) => setHours(event.target.value)}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
            className={`${fieldClass} w-20`}
          />
          h
        </label>
        <label className="flex items-center gap-1.5 text-sm text-slate-500">
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            step={1}
            value={minutes}
            disabled={props.readOnly}
            aria-label="Minutes"
            onChange={(event) => setMinutes(event.target.value)}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
            className={`${fieldClass} w-20`}
          />
          m
        </label>
      </div>
    </fieldset>
  );
}
