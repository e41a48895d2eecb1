import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Flag, Plus, Repeat, Tag, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type TaskEntryFields, useTaskEntry } from '../hooks/use-task-entry.ts';
import { useTaskMutations } from '../hooks/use-tasks.ts';
import { labelKeys } from '../labels-api.ts';
import { priorityStyle } from './task-badges.tsx';

const m = messages.quickAdd;

interface QuickAddProps {
  todoId: string;
  categoryId: string;
  readOnly: boolean;
}

const chipClass =
  'inline-flex items-center gap-1 rounded-full bg-white py-0.5 pr-0.5 pl-2 text-xs font-medium ring-1 ring-slate-200 ring-inset';
const chipDismiss =
  'rounded-full p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600';

/**
 * The always-present `Add a task` box under the active tasks (docs/PRODUCT.md §10.4). It reads dates and priorities
 * as you type (`Pay rent tomorrow !high`), shows what it understood as chips (each can be dismissed, so
 * its words stay in the title), and Enter adds the task in one request and leaves the box ready for the
 * next. The box empties at once; a refused add puts the text back.
 */
export function QuickAdd({ todoId, categoryId, readOnly }: QuickAddProps) {
  const { createTask } = useTaskMutations();
  const [text, setText] = useState('');
  const [keep, setKeep] = useState({ date: false, priority: false, repeat: false });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  // The parser downloads on the first focus or keystroke; until it is here, nothing is recognised yet
  // (the chips appear a moment later) and Enter waits for it. The `n` key's new task reads the same way.
  const { parser, load, parse: parseWith, read } = useTaskEntry();
  const client = useQueryClient();
  const keepWords = { keepDate: keep.date, keepPriority: keep.priority, keepRepeat: keep.repeat };
  const parsed = parseWith(parser, text, keepWords);
  const labelNames = parsed.labelNames;

  const change = (value: string) => {
    setText(value);
    setError(null);
    if (!value.trim()) setKeep({ date: false, priority: false, repeat: false });
  };

  const add = async () => {
    if (!text.trim()) return;
    const typed = text;
    let fields: TaskEntryFields;
    try {
      fields = await read(text, keepWords);
    } catch (failure) {
      // A label the server refused says why; a parser that did not download is a generic failure.
      setError(failure instanceof ApiError ? failure.message : messages.generic);
      return;
    }
    if (!fields.text) {
      setError(m.nameRequired);
      return;
    }
    change('');
    createTask.mutate(
      { todoId, categoryId, ...fields, text: fields.text },
      {
        // The new row is at the end of the list, just above this box: keep both in view.
        onSuccess: () => {
          requestAnimationFrame(() => input.current?.scrollIntoView?.({ block: 'nearest' }));
          // The labels' counts in the sidebar now include this task.
          if (fields.labelNames) void client.invalidateQueries({ queryKey: labelKeys.all });
        },
        onError: () => setText((current) => current || typed),
      },
    );
  };

  const understood =
    text.trim() !== '' &&
    (parsed.dueDate !== null ||
      parsed.dueTime !== null ||
      parsed.priority !== null ||
      labelNames.length > 0 ||
      parsed.repeat !== null);

  return (
    <div className="mx-1 mt-2">
      <div className="flex items-center gap-1.5 rounded-md px-1.5 ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-blue-400">
        <Plus className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />
        <input
          ref={input}
          value={text}
          disabled={readOnly}
          maxLength={1000}
          placeholder={m.label}
          aria-label={m.label}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
          onChange={(event) => {
            change(event.target.value);
            load().catch(() => undefined);
          }}
          onFocus={() => {
            load().catch(() => undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add();
            } else if (event.key === 'Escape' && text) {
              event.preventDefault();
              change('');
            }
          }}
          className="min-w-0 flex-1 bg-transparent py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none disabled:cursor-not-allowed"
        />
      </div>
      <div aria-live="polite">
        {understood && (
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5 px-1">
            <span className="text-xs text-slate-500">{m.understood}</span>
            {(parsed.dueDate || parsed.dueTime) && (
              <span className={`${chipClass} text-blue-800`}>
                <CalendarDays className="h-3 w-3" aria-hidden="true" />
                {parser?.dueChipLabel(parsed.dueDate, parsed.dueTime)}
                <button
                  type="button"
                  aria-label={m.keepInTitle(parsed.dueText ?? '')}
                  title={m.keepInTitle(parsed.dueText ?? '')}
                  onClick={() => {
                    setKeep((k) => ({ ...k, date: true }));
                    input.current?.focus();
                  }}
                  className={chipDismiss}
                >
                  <X className="h-3 w-3" aria-hidden="true" />
                </button>
              </span>
            )}
            {parsed.repeat && (
              <span className={`${chipClass} text-violet-800`}>
                <Repeat className="h-3 w-3" aria-hidden="true" />
                {parser?.repeatChipLabel(parsed.repeat)}
                <button
                  type="button"
                  aria-label={m.keepInTitle(parsed.repeatText ?? '')}
                  title={m.keepInTitle(parsed.repeatText ?? '')}
                  onClick={() => {
                    setKeep((k) => ({ ...k, repeat: true }));
                    input.current?.focus();
                  }}
                  className={chipDismiss}
                >
                  <X className="h-3 w-3" aria-hidden="true" />
                </button>
              </span>
            )}
            {parsed.priority && (
              <span className={`${chipClass} ${priorityStyle[parsed.priority].text}`}>
                <Flag className={`h-3 w-3 ${priorityStyle[parsed.priority].dot}`} aria-hidden="true" />
                {parser?.priorityChipLabel(parsed.priority)}
                <button
                  type="button"
                  aria-label={m.keepInTitle(parsed.priorityText ?? '')}
                  title={m.keepInTitle(parsed.priorityText ?? '')}
                  onClick={() => {
                    setKeep((k) => ({ ...k, priority: true }));
                    input.current?.focus();
                  }}
                  className={chipDismiss}
                >
                  <X className="h-3 w-3" aria-hidden="true" />
                </button>
              </span>
            )}
            {labelNames.map((name) => (
              <span key={name} className={`${chipClass} pr-2 text-slate-700`}>
                <Tag className="h-3 w-3" aria-hidden="true" />
                {name}
              </span>
            ))}
          </div>
        )}
      </div>
      {error && (
        <p id={`${ids}-error`} role="alert" className="mt-1 px-1 text-xs text-red-600">
          {error}
        </p>
      )}
      <p
        id={`${ids}-hint`}
        // Shown whether or not the field has focus: it sits above the list, which must not jump when
        // the focus leaves (a click on a row would land on the row below).
        className={understood ? 'sr-only' : 'mt-1 px-1 text-xs text-slate-500'}
      >
        {m.hint}
      </p>
    </div>
  );
}
