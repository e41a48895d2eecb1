import { Download } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { downloadBackup } from '../api.ts';

/** Export to a file: open to every signed-in account, read-only ones included (their way out). */
export function ExportSection() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

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
    </SettingsSection>
  );
}
