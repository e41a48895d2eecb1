import type { ChangeEvent } from 'react';

export interface ContactFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  multiline?: boolean;
  autoComplete: string;
  maxLength: number;
  placeholder?: string;
  /** Optional hint under the field (the message's character count). */
  hint?: string;
}

const controlStyle =
  'block w-full scroll-mt-28 rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm transition placeholder:text-slate-400 focus:outline-none focus:ring-4 sm:text-sm';
const okStyle = 'border-slate-300 hover:border-slate-400 focus:border-blue-600 focus:ring-blue-600/15';
const errorStyle = 'border-red-500 focus:border-red-600 focus:ring-red-600/15';

/**
 * A labelled input or textarea with its error underneath. The error is tied to the control with
 * aria-invalid and aria-describedby, so a screen reader reads it when the field takes focus.
 */
export function ContactField(props: ContactFieldProps) {
  const { id, name, label, value, error, onChange, multiline = false, hint } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    value,
    required: true,
    maxLength: props.maxLength,
    autoComplete: props.autoComplete,
    placeholder: props.placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: `${controlStyle} ${error ? errorStyle : okStyle}`,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">
        {multiline ? (
          <textarea {...shared} rows={6} className={`${shared.className} min-h-36 resize-y`} />
        ) : (
          <input {...shared} type={props.type ?? 'text'} />
        )}
      </div>
      {(error || hint) && (
        <div className="mt-1.5 flex items-start justify-between gap-3 text-sm">
          {error ? (
            <p id={errorId} className="font-medium text-red-700">
              {error}
            </p>
          ) : (
            <span />
          )}
          {hint && (
            <p id={hintId} className="shrink-0 text-slate-500 tabular-nums">
              {hint}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
