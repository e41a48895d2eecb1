import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useId, useState } from 'react';

const priorities = ['Low', 'Medium', 'High', 'Urgent'] as const;
type Priority = (typeof priorities)[number];
const priorityStyles: Record<Priority, string> = {
  Low: 'bg-slate-200 text-slate-800 ring-1 ring-slate-300',
  Medium: 'bg-blue-100 text-blue-800 ring-1 ring-blue-200',
  High: 'bg-orange-100 text-orange-800 ring-1 ring-orange-200',
  Urgent: 'bg-rose-100 text-rose-800 ring-1 ring-rose-200',
};

const initialSubtasks = [
  { id: 'outline', text: 'Outline the walkthrough script', done: true },
  { id: 'record', text: 'Record the screen capture', done: true },
  { id: 'voice', text: 'Add the voice-over', done: false },
  { id: 'upload', text: 'Upload and share with the team', done: false },
];

/** The product's progress colours: bands start at 0, 25, 50 and 75 percent. */
function progressColour(percent: number): string {
  if (percent >= 75) return 'bg-emerald-500';
  if (percent >= 50) return 'bg-amber-400';
  if (percent >= 25) return 'bg-orange-400';
  return 'bg-rose-400';
}

/**
 * A working miniature of the task detail panel: tick subtasks and watch progress move; try to complete
 * the task early and it refuses, as the real one does. Nothing leaves the page.
 */
export function TaskDemo() {
  const [subtasks, setSubtasks] = useState(initialSubtasks);
  const [completed, setCompleted] = useState(false);
  const [priority, setPriority] = useState<Priority>('High');
  const [warning, setWarning] = useState<string | null>(null);
  const titleId = useId();

  const done = subtasks.filter((subtask) => subtask.done).length;
  const percent = Math.round((done / subtasks.length) * 100);
  const remaining = subtasks.length - done;

  const toggle = (id: string) => {
    setWarning(null);
    setSubtasks((list) => list.map((item) => (item.id === id ? { ...item, done: !item.done } : item)));
    // Re-opening a subtask re-opens the task: a finished task never hides unfinished work.
    setCompleted(false);
  };

  const complete = () => {
    if (completed) return setCompleted(false);
    if (remaining > 0) {
      setWarning(`Cannot mark task as complete. Complete ${remaining} subtask(s) first.`);
      return;
    }
    setWarning(null);
    setCompleted(true);
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 shadow-black/30 ring-white/10 sm:p-7"
    >
      <div className="flex items-start gap-3">
        <button
          type="button"
          onClick={complete}
          aria-pressed={completed}
          aria-label={completed ? 'Mark task as not complete' : 'Mark task as complete'}
          className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
            completed
              ? 'border-emerald-500 bg-emerald-500 text-white'
              : 'border-slate-300 hover:border-slate-400'
          }`}
        >
          {completed && <Check className="h-3.5 w-3.5" strokeWidth={3} aria-hidden="true" />}
        </button>
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-500">Product launch › This week</p>
          <h3
            id={titleId}
            className={`mt-1 text-lg font-semibold tracking-tight ${completed ? 'text-slate-500 line-through' : ''}`}
          >
            Record the walkthrough video
          </h3>
        </div>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">Due</dt>
          <dd className="mt-0.5 font-medium">
            <span className="rounded bg-blue-100 px-1.5 py-0.5 text-xs font-semibold text-blue-800">
              Tomorrow
            </span>
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">Estimate</dt>
          <dd className="mt-0.5 inline-flex items-center gap-1 font-medium">
            <Clock className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
            2h 30m
          </dd>
        </div>
        <div className="col-span-2 rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">Priority</dt>
          <dd className="mt-1.5 grid grid-cols-4 gap-1">
            {priorities.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={priority === option}
                onClick={() => setPriority(option)}
                className={`rounded-md py-1 text-center text-xs font-medium transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 ${
                  priority === option
                    ? priorityStyles[option]
                    : 'bg-white text-slate-500 ring-1 ring-slate-200 hover:text-slate-800'
                }`}
              >
                {option}
              </button>
            ))}
          </dd>
        </div>
      </dl>

      <div className="mt-6">
        <div className="flex items-center justify-between text-sm">
          <h4 className="font-semibold">Subtasks</h4>
          <span className="text-slate-500">
            {done} of {subtasks.length} · {percent}%
          </span>
        </div>
        <div
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Subtask progress"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className={`h-full rounded-full transition-all duration-500 ${progressColour(percent)}`}
            style={{ width: `${percent}%` }}
          />
        </div>
        <ul className="mt-3 space-y-1">
          {subtasks.map((subtask) => (
            <li key={subtask.id}>
              <label
                className={`flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm transition hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${
                  warning && !subtask.done ? 'bg-amber-50 ring-1 ring-amber-300' : ''
                }`}
              >
                <input
                  type="checkbox"
                  checked={subtask.done}
                  onChange={() => toggle(subtask.id)}
                  className="h-4 w-4 rounded border-slate-300 accent-blue-600 focus:outline-none"
                />
                <span className={subtask.done ? 'text-slate-500 line-through' : 'text-slate-700'}>
                  {subtask.text}
                </span>
              </label>
            </li>
          ))}
        </ul>
        <p aria-live="polite" className="min-h-5 text-sm">
          {warning && (
            <span className="mt-2 flex items-center gap-2 text-amber-800">
              <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
              {warning}
            </span>
          )}
        </p>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-5 text-xs">
        <span className="mr-1 inline-flex items-center gap-1.5 font-semibold text-slate-700">
          <CalendarPlus className="h-4 w-4 text-slate-500" aria-hidden="true" />
          Add to Calendar
        </span>
        {['.ics file', 'Google Calendar', 'Outlook'].map((target) => (
          <span key={target} className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-600">
            {target}
          </span>
        ))}
      </div>
    </section>
  );
}
