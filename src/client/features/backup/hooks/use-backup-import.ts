import { useCallback, useEffect, useRef, useState } from 'react';
import {
  backupMaxBytes,
  importReloadMs,
  isZipFile,
  markdownZipMaxBytes,
} from '../../../../shared/domain/backup-format.ts';
import { messages } from '../../../../shared/messages.ts';
import type { ImportResult } from '../../../../shared/schemas/backup.ts';
import { importFailedMessage, uploadBackup } from '../api.ts';

export type ImportState =
  | { step: 'idle' }
  /** The file is being uploaded and checked (dry run); progress 0..1 of the upload. */
  | { step: 'checking'; progress: number }
  /** What the import would do, waiting for the person to confirm or cancel. */
  | { step: 'preview'; result: ImportResult }
  | { step: 'importing'; progress: number }
  | { step: 'done'; result: ImportResult }
  | { step: 'failed'; message: string };

/**
 * The import flow: check the chosen file on the server first (a dry run, so nothing is written), show
 * the preview, and import only on confirmation. After a successful import the page reloads 2 s later
 * (docs/PRODUCT.md §9), so every view shows the imported data.
 */
export function useBackupImport(onImported?: () => void) {
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const pending = useRef<{ file: File; clearExisting: boolean } | null>(null);
  const reload = useRef(onImported);
  reload.current = onImported;

  useEffect(() => {
    if (state.step !== 'done') return;
    const timer = setTimeout(
      () => (reload.current ? reload.current() : window.location.reload()),
      importReloadMs,
    );
    return () => clearTimeout(timer);
  }, [state.step]);

  const check = useCallback(async (file: File, clearExisting: boolean) => {
    const zip = isZipFile(file);
    if (file.size > (zip ? markdownZipMaxBytes : backupMaxBytes)) {
      const tooLarge = zip ? messages.markdownImport.zipTooLarge : messages.backup.tooLarge;
      setState({ step: 'failed', message: messages.backup.importFailed(tooLarge) });
      return;
    }
    pending.current = { file, clearExisting };
    setState({ step: 'checking', progress: 0 });
    try {
      const result = await uploadBackup(file, {
        clearExisting,
        dryRun: true,
        onProgress: (progress) => setState({ step: 'checking', progress }),
      });
      setState({ step: 'preview', result });
    } catch (error) {
      pending.current = null;
      setState({ step: 'failed', message: importFailedMessage(error) });
    }
  }, []);

  const confirm = useCallback(async () => {
    const chosen = pending.current;
    if (!chosen) return;
    setState({ step: 'importing', progress: 0 });
    try {
      const result = await uploadBackup(chosen.file, {
        clearExisting: chosen.clearExisting,
        dryRun: false,
        onProgress: (progress) => setState({ step: 'importing', progress }),
      });
      pending.current = null;
      setState({ step: 'done', result });
    } catch (error) {
      setState({ step: 'failed', message: importFailedMessage(error) });
    }
  }, []);

  const cancel = useCallback(() => {
    pending.current = null;
    setState({ step: 'idle' });
  }, []);

  return { state, check, confirm, cancel };
}
