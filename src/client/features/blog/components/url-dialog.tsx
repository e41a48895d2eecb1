import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';

export interface UrlDialogField {
  name: string;
  label: string;
  type?: 'url' | 'text';
  initial?: string;
}

const inputStyle =
  'mt-1 block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-blue-600 focus:outline-none';
const buttonBase =
  'rounded-lg px-3.5 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/**
 * A small form in a dialog for the editor's link and image buttons: the URL (and alt text for images).
 * `validate` answers an error message or null; `onRemove` adds a remove button (unlinking).
 */
export function UrlDialog({
  open,
  onOpenChange,
  title,
  fields,
  submitLabel,
  validate,
  onSubmit,
  onRemove,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  fields: readonly UrlDialogField[];
  submitLabel: string;
  validate(values: Record<string, string>): string | null;
  onSubmit(values: Record<string, string>): void;
  onRemove?: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {/* Mounted only while open, so each opening starts from the current values. */}
          {open ? (
            <UrlForm
              fields={fields}
              submitLabel={submitLabel}
              validate={validate}
              onSubmit={(values) => {
                onSubmit(values);
                onOpenChange(false);
              }}
              onRemove={
                onRemove
                  ? () => {
                      onRemove();
                      onOpenChange(false);
                    }
                  : undefined
              }
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function UrlForm({
  fields,
  submitLabel,
  validate,
  onSubmit,
  onRemove,
}: {
  fields: readonly UrlDialogField[];
  submitLabel: string;
  validate(values: Record<string, string>): string | null;
  onSubmit(values: Record<string, string>): void;
  onRemove: (() => void) | undefined;
}) {
  const baseId = useId();
  const [values, setValues] = useState(() =>
    Object.fromEntries(fields.map((field) => [field.name, field.initial ?? ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const errorId = `${baseId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles its submit to the editor's form: stop it.
    event.stopPropagation();
    const problem = validate(values);
    if (problem) return setError(problem);
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {fields.map((field, index) => (
        <div key={field.name}>
          <label htmlFor={`${baseId}-${field.name}`} className="block text-sm font-medium text-slate-700">
            {field.label}
          </label>
          <input
            id={`${baseId}-${field.name}`}
            type={field.type ?? 'text'}
            value={values[field.name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            aria-invalid={index === 0 && error !== null}
            aria-describedby={index === 0 && error ? errorId : undefined}
            className={inputStyle}
          />
        </div>
      ))}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onRemove ? (
          <button
            type="button"
            onClick={onRemove}
            className={`${buttonBase} mr-auto text-red-700 hover:bg-red-50`}
          >
            Remove link
          </button>
        ) : null}
        <Dialog.Close
          className={`${buttonBase} text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50`}
        >
          Cancel
        </Dialog.Close>
        <button type="submit" className={`${buttonBase} bg-blue-600 text-white hover:bg-blue-700`}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
