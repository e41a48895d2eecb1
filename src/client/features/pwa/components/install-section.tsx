import { Download } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { promptInstall, useAppWorker } from '../app-worker.ts';

const m = messages.app;

/** Settings' offer to install the app, shown only while the browser has one to give. */
export function InstallSection() {
  const { installPrompt } = useAppWorker();
  if (!installPrompt) return null;
  return (
    <SettingsSection title={m.installTitle} icon={Download} description={m.installDescription}>
      <ActionButton variant="secondary" onClick={() => void promptInstall()}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {m.install}
      </ActionButton>
    </SettingsSection>
  );
}
