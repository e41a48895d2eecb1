import { useDraggable } from '@dnd-kit/core';
import { Check } from 'lucide-react';
import type { PlanEntry } from '../../../../shared/domain/upcoming-days.ts';
import { messages } from '../../../../shared/messages.ts';
import { taskOpenAttribute, taskRowAttribute } from '../hooks/use-list-keyboard.ts';
import { LabelChips } from './label-chips.tsx';
import { planDayLabel } from './plan-day-label.ts';
import { DueDateBadge, PriorityBadge, ProgressBadge, RepeatBadge } from './task-badges.tsx';

/** Upcoming's days a task can be moved to (the keyboard's way to reschedule), with today's date. */
export interface MoveDays {
  today: string;
  days: readonly string[];
  onMove(task: PlanEntry, day: string): void;
}

interface PlanTaskRowProps {
  task: PlanEntry;
  selected: boolean;
  readOnly: boolean;
  onOpen(): void;
  onToggle(completed: boolean): void;
  moveDays?: MoveDays;
}

/**
 * A task in Today or Upcoming: checkbox, title, its list › category and badges; in Upcoming it drags onto
 * another day (keeping its time), and `Move to day` does the same from the keyboard. A repeating task's
 * later occurrence is shown on its day for planning only: it is done or moved through the current one.
 */
export function PlanTaskRow({ task, selected, readOnly, onOpen, onToggle, moveDays }: PlanTaskRowProps) {
  const name = task.text || 'task';
  const later = task.laterOccurrence === true;
  // One task may show on several days (its later occurrences): ids are per day.
  const rowKey = `${task.id}-${task.dueDate ?? ''}`;
  const draggable = useDraggable({
    id: `plan:${rowKey}`,
    data: { kind: 'plan-task', task },
    disabled: readOnly || !moveDays || later,
  });
  return (
    <li {...{ [taskRowAttribute]: task.id }} ref={draggable.setNodeRef}>
      <div
        onPointerDown={(event) => draggable.listeners?.onPointerDown?.(event)}
        className={`flex items-start gap-2 rounded-md px-2 py-1.5 text-sm ${
          selected ? 'bg-slate-200/70 text-slate-900' : 'text-slate-700 hover:bg-slate-100'
        } ${draggable.isDragging ? 'opacity-60' : ''}`}
      >
        <label className="relative mt-1 flex shrink-0 cursor-pointer">
          <input
            type="checkbox"
            checked={task.completed}
            disabled={readOnly || later}
            title={later ? messages.plan.laterOccurrence : undefined}
            onChange={(event) => onToggle(event.target.checked)}
            aria-label={`Complete ${name}`}
            className="peer h-4 w-4 cursor-pointer appearance-none rounded border border-slate-300 bg-white checked:border-green-600 checked:bg-green-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:cursor-not-allowed"
          />
          <Check
            className="pointer-events-none absolute inset-0 m-auto hidden h-3 w-3 text-white peer-checked:block"
            strokeWidth={3}
            aria-hidden="true"
          />
        </label>
        <div className="min-w-0 flex-1">
          <button
            type="button"
            onClick={onOpen}
            {...{ [taskOpenAttribute]: task.id }}
            aria-current={selected ? 'true' : undefined}
            aria-label={task.text ? undefined : name}
            aria-describedby={`plan-meta-${rowKey}`}
            className="block w-full rounded px-1 text-left focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <span className={`block truncate ${selected ? 'font-medium' : ''}`}>{task.text}</span>
          </button>
          <span
            id={`plan-meta-${rowKey}`}
            className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 px-1 text-xs text-slate-600"
          >
            <span>{messages.labels.place(task.todoTitle, task.categoryTitle)}</span>
            <DueDateBadge dueDate={task.dueDate} dueTime={task.dueTime} today={new Date()} />
            <PriorityBadge priority={task.priority} />
            <RepeatBadge repeat={task.repeat} />
            {later && <span>{messages.plan.laterOccurrence}</span>}
            <ProgressBadge completed={task.subtasksCompleted} total={task.subtasksTotal} />
            <LabelChips labelIds={task.labelIds} />
          </span>
        </div>
        {moveDays && !readOnly && !later && <MoveToDay task={task} moveDays={moveDays} />}
      </div>
    </li>
  );
}

function MoveToDay({ task, moveDays }: { task: PlanEntry; moveDays: MoveDays }) {
  const name = task.text || 'task';
  return (
    <select
      value={task.dueDate ?? ''}
      onChange={(event) => moveDays.onMove(task, event.target.value)}
      aria-label={`${messages.plan.moveToDay}: ${name}`}
      title={messages.plan.moveToDay}
      className="shrink-0 rounded-md border border-slate-200 bg-white px-1.5 py-1 text-xs text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {moveDays.days.map((day) => (
        <option key={day} value={day}>
          {planDayLabel(day, moveDays.today)}
        </option>
      ))}
    </select>
  );
}
