import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { inputBorder, inputClass } from './text-field.tsx';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | null;
  labelAside?: ReactNode;
  /** Content under the input (the strength feedback), referenced by aria-describedby. */
  description?: ReactNode;
  /** Hide the show/hide button (confirmation fields follow the main field's button instead). */
  toggle?: boolean;
  /** Controlled visibility, so a confirmation field can follow its main field's button. */
  visible?: boolean;
  onVisibleChange?(visible: boolean): void;
}

/** A password input with a show/hide button whose accessible name says what pressing it does. */
export function PasswordField({
  label,
  error,
  labelAside,
  description,
  toggle = true,
  visible: controlledVisible,
  onVisibleChange,
  className = '',
  ...inputProps
}: PasswordFieldProps) {
  const id = useId();
  const [ownVisible, setOwnVisible] = useState(false);
  const visible = controlledVisible ?? ownVisible;
  const setVisible = (next: boolean) => {
    setOwnVisible(next);
    onVisibleChange?.(next);
  };
  const describedBy = [error ? `${id}-error` : null, description ? `${id}-description` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} ${inputBorder(Boolean(error))} ${toggle ? 'pr-11' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          autoCapitalize="off"
          spellCheck={false}
          {...inputProps}
        />
        {toggle ? (
          <button
            type="button"
            onClick={() => setVisible(!visible)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
          >
            {visible ? (
              <EyeOff className="h-4.5 w-4.5" aria-hidden="true" />
            ) : (
              <Eye className="h-4.5 w-4.5" aria-hidden="true" />
            )}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {description ? <div id={`${id}-description`}>{description}</div> : null}
    </div>
  );
}
