import { Database } from 'lucide-react';

/** Placeholder until the backup work lands: says what this tab is for. */
export function BackupTab() {
  return (
    <section aria-labelledby="settings-backup-heading" className="space-y-3">
      <div className="flex items-center gap-2.5">
        <Database className="h-5 w-5 text-blue-600" aria-hidden="true" />
        <h3 id="settings-backup-heading" className="text-base font-semibold text-slate-900">
          Backup
        </h3>
      </div>
      <p className="text-sm leading-relaxed text-slate-600">
        Export all your notebooks, notes, to-do lists and tasks to a JSON file, and import a backup file
        again, optionally clearing your existing data first.
      </p>
    </section>
  );
}
