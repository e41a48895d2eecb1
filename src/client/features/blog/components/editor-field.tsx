import type { ReactNode } from 'react';

export const inputStyle =
  'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-blue-600 focus:outline-none aria-invalid:ring-red-500';

/** The ids a field's control needs: its own, and its hint and error for aria-describedby. */
export function fieldIds(name: string, hint: boolean, error: string | undefined) {
  const describedBy = [hint ? `post-${name}-hint` : null, error ? `post-${name}-error` : null]
    .filter(Boolean)
    .join(' ');
  return {
    id: `post-${name}`,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
  };
}

/** A labelled editor field with an optional hint and its error, tied to the control by ids. */
export function EditorField({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`post-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`post-${name}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`post-${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
