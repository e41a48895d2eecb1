import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';

interface TaskTitleProps {
  text: string;
  completed: boolean;
  readOnly: boolean;
  onSave(text: string): void;
  /** A task just created: focus the title with its text selected, for naming it (docs/PRODUCT.md §10.4). */
  autoFocus?: boolean;
  /** The title took that focus (so a later re-render does not take it again). */
  onFocused?(): void;
}

/** The panel's editable title: saved on Enter or when left; blank text is refused and put back. */
export function TaskTitle({ text, completed, readOnly, onSave, autoFocus, onFocused }: TaskTitleProps) {
  const [value, setValue] = useState(text);
  const [error, setError] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!autoFocus || readOnly) return;
    input.current?.focus();
    input.current?.select();
    onFocused?.();
  }, [autoFocus, readOnly, onFocused]);

  const commit = () => {
    const next = value.trim();
    if (!next) {
      setError(true);
      setValue(text);
      return;
    }
    setError(false);
    if (next !== text) onSave(next);
  };

  return (
    <div className="min-w-0 flex-1">
      <input
        ref={input}
        value={value}
        readOnly={readOnly}
        aria-label="Task title"
        aria-invalid={error || undefined}
        aria-describedby={error ? 'task-title-error' : undefined}
        maxLength={1000}
        onChange={(event) => {
          setValue(event.target.value);
          setError(false);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            setValue(text);
          }
        }}
        className={`w-full rounded-md border border-transparent bg-transparent px-1 py-0.5 text-xl font-bold tracking-tight sm:text-2xl text-slate-900 outline-none hover:border-slate-200 focus:border-blue-400 focus:ring-2 focus:ring-blue-100 ${
          completed ? 'text-slate-500 line-through' : ''
        }`}
      />
      {error && (
        <p id="task-title-error" role="alert" className="mt-1 px-1 text-xs text-red-600">
          {messages.todos.textRequired}
        </p>
      )}
    </div>
  );
}
