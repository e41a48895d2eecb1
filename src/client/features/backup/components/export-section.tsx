import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton, buttonClass } from '../../../components/ui/submit-button.tsx';
import { downloadBackup } from '../api.ts';

/**
 * Export to a file: open to every signed-in account, read-only ones included (their way out). The JSON
 * backup is fetched (its errors have the spec's words); the Markdown zip is a plain download link, so the
 * browser streams it to disk however large the account is.
 */
export function ExportSection() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const markdownHelpId = useId();

  async function onExport() {
    setPending(true);
    setError(null);
    setSaved(null);
    try {
      setSaved(await downloadBackup());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : messages.backup.exportError);
    } finally {
      setPending(false);
    }
  }

  return (
    <SettingsSection
      title="Export"
      icon={Download}
      description="Download all your notebooks, sections, notes, to-do lists, categories, tasks and subtasks as one JSON file."
    >
      {error ? <FormNotice tone="error">{error}</FormNotice> : null}
      {saved ? <FormNotice tone="success">Saved {saved}</FormNotice> : null}
      <ActionButton onClick={onExport} pending={pending}>
        Export to File
      </ActionButton>
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <p id={markdownHelpId} className="text-sm text-slate-600">
          Or download a zip of Markdown files that Obsidian, Joplin or any editor can open: a folder per
          notebook and section, a file per page with its images and files, your to-do lists as checklists and
          the dated tasks as a calendar (.ics) file.
        </p>
        <a
          href="/api/export/markdown"
          download
          aria-describedby={markdownHelpId}
          className={buttonClass('secondary')}
        >
          <FileText className="h-4 w-4" aria-hidden="true" />
          Export as Markdown
        </a>
      </div>
    </SettingsSection>
  );
}
