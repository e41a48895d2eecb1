import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';

interface InlineTitleProps {
  initial: string;
  label: string;
  onSave(title: string): void;
  onCancel(): void;
  /** Enter or Escape ended the edit (not a blur): the caller may put focus back on its row. */
  onKeyboardDone?(): void;
}

/** Rename in place: Enter saves, Escape cancels, blur saves; empty trimmed text is refused (docs/PRODUCT.md §2). */
export function InlineTitle({ initial, label, onSave, onCancel, onKeyboardDone }: InlineTitleProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const commit = () => {
    const title = value.trim();
    if (!title) {
      setError(messages.notes.nameRequired);
      return false;
    }
    done.current = true;
    if (title === initial) onCancel();
    else onSave(title);
    return true;
  };

  return (
    <div className="min-w-0 flex-1 py-0.5">
      <input
        ref={input}
        value={value}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'inline-title-error' : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Enter') {
            event.preventDefault();
            if (commit()) onKeyboardDone?.();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            done.current = true;
            onCancel();
            onKeyboardDone?.();
          }
        }}
        onBlur={() => {
          if (done.current) return;
          // Leaving an empty name behind would be a silent no-op: cancel instead.
          if (!commit()) onCancel();
        }}
        className="w-full rounded-md border border-blue-400 bg-white px-1.5 py-0.5 text-sm text-slate-900 shadow-sm outline-none ring-2 ring-blue-100"
      />
      {error && (
        <p id="inline-title-error" role="alert" className="mt-1 px-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
