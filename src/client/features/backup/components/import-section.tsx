import { TriangleAlert, Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { useBackupImport } from '../hooks/use-backup-import.ts';
import { ImportCountsList, SkippedRows } from './import-counts.tsx';
import { UploadProgress } from './upload-progress.tsx';

/**
 * Import from a JSON backup file or a zip of Markdown (an Obsidian vault, a Joplin, Bear or Notion
 * export, our own Markdown export), with the option to clear existing data first. The file is checked on the
 * server (a dry run) and the preview shown before anything is written; a read-only account sees why the
 * import is unavailable (the server refuses it too).
 */
/** The file input's label (tests find the input by it). */
export const fileLabel = 'Backup file (JSON) or zip of Markdown files';

export function ImportSection({ readOnly, onImported }: { readOnly: boolean; onImported?: () => void }) {
  const fileId = useId();
  const clearId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [clearExisting, setClearExisting] = useState(false);
  const { state, check, confirm, cancel } = useBackupImport(onImported);
  const busy = state.step === 'checking' || state.step === 'importing' || state.step === 'done';
  const locked = readOnly || busy || state.step === 'preview';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (file) void check(file, clearExisting);
  }

  return (
    <SettingsSection
      title="Import"
      icon={Upload}
      description="Import from a JSON backup file, or from a zip of Markdown files (an Obsidian vault, a Joplin, Bear or Notion export, or an Export as Markdown). You will see what it contains before anything is imported."
    >
      <div id={hintId}>
        {readOnly ? <FormNotice tone="info">{messages.backup.readOnlyImport}</FormNotice> : null}
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            {fileLabel}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".json,application/json,.zip,application/zip"
            disabled={locked}
            aria-describedby={readOnly ? hintId : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
          />
        </div>
        <div className="flex items-start gap-2.5">
          <input
            id={clearId}
            type="checkbox"
            checked={clearExisting}
            disabled={locked}
            onChange={(event) => setClearExisting(event.target.checked)}
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          />
          <label htmlFor={clearId} className="text-sm text-slate-800">
            Clear existing data before importing
          </label>
        </div>
        <ActionButton
          type="submit"
          disabled={!file || locked}
          pending={state.step === 'checking'}
          aria-describedby={readOnly ? hintId : undefined}
        >
          Import from File
        </ActionButton>
      </form>

      {state.step === 'checking' ? (
        <UploadProgress label="Uploading and checking the file" progress={state.progress} />
      ) : null}
      {state.step === 'importing' ? <UploadProgress label="Importing" progress={state.progress} /> : null}
      {state.step === 'failed' ? <FormNotice tone="error">{state.message}</FormNotice> : null}

      {state.step === 'preview' ? (
        <section aria-label="Import preview" className="space-y-3 rounded-lg border border-slate-200 p-4">
          <h4 className="text-sm font-semibold text-slate-900">This file will import</h4>
          <ImportCountsList counts={state.result.counts} label="Rows to import" />
          <SkippedRows result={state.result} />
          {state.result.clearedExisting ? (
            <p className="flex items-start gap-2 text-sm font-medium text-red-700">
              <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              Your existing notebooks, notes, to-do lists and tasks will be deleted first.
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              Your existing data will be kept; the file is added to it.
            </p>
          )}
          <div className="flex gap-2">
            <ActionButton
              variant={state.result.clearedExisting ? 'danger' : 'primary'}
              onClick={() => void confirm()}
            >
              Confirm Import
            </ActionButton>
            <ActionButton variant="secondary" onClick={cancel}>
              Cancel
            </ActionButton>
          </div>
        </section>
      ) : null}

      {state.step === 'done' ? (
        <FormNotice tone="success">
          <p className="font-medium">{messages.backup.imported}</p>
          <div className="mt-2">
            <ImportCountsList counts={state.result.counts} label="Imported rows" />
          </div>
          <p className="mt-2">Reloading your workspace…</p>
        </FormNotice>
      ) : null}
    </SettingsSection>
  );
}
