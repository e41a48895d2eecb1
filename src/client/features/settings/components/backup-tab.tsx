import { useAuth } from '../../auth/index.ts';
import { ExportSection, ImportSection } from '../../backup/index.ts';
import { FilesUsageSection } from './files-usage-section.tsx';

/** Settings → Backup (docs/PRODUCT.md §2): export to a file; import from a JSON file, optionally clearing first. */
export function BackupTab({ onImported }: { onImported?: () => void } = {}) {
  const { profile } = useAuth();
  return (
    <div className="space-y-6">
      <ExportSection />
      <ImportSection readOnly={profile?.readOnly ?? false} onImported={onImported} />
      <FilesUsageSection />
    </div>
  );
}
