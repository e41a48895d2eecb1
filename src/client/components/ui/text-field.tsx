import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const inputClass =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-blue-600 disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm';

export function inputBorder(invalid: boolean): string {
  return invalid ? 'border-red-400 focus:outline-red-600' : 'border-slate-300';
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field in red; also marks the input invalid for assistive technology. */
  error?: string | null;
  /** Extra content to the right of the label (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
}

/** A labelled input with its error line, wired with aria-invalid and aria-describedby. */
export function TextField({ label, error, labelAside, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        className={`${inputClass} ${inputBorder(Boolean(error))}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
