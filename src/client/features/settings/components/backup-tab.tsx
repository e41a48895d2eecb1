import { useAuth } from '../../auth/auth-context.tsx';
import { ExportSection } from '../../backup/components/export-section.tsx';
import { ImportSection } from '../../backup/components/import-section.tsx';

/** Settings → Backup (spec §2): export to a file; import from a JSON file, optionally clearing first. */
export function BackupTab({ onImported }: { onImported?: () => void } = {}) {
  const { profile } = useAuth();
  return (
    <div className="space-y-6">
      <ExportSection />
      <ImportSection readOnly={profile?.readOnly ?? false} onImported={onImported} />
    </div>
  );
}
