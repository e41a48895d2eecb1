import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { noteConflictBodySchema } from '../../../../shared/schemas/note.ts';
import type { NoteVersionSummary } from '../../../../shared/schemas/note-history.ts';
import { useFocusReturn } from '../../../components/ui/focus-return.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { diffLines, withContext } from '../../../lib/line-diff.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { noteKeys, notesApi } from '../api.ts';
import type { NoteSaver, PageText } from '../note-saver.ts';

const m = messages.notes;

export interface NoteHistoryDialogProps {
  noteId: string;
  saver: NoteSaver;
  readOnly: boolean;
  open: boolean;
  onOpenChange(open: boolean): void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The page's History: its versions (newest first) with time and size; the chosen one compared with the
 * text on screen, and a Restore button. A restore offers Undo like the workspace's other changes.
 */
export function NoteHistoryDialog({ noteId, saver, readOnly, open, onOpenChange }: NoteHistoryDialogProps) {
  const returnFocus = useFocusReturn(open);
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  const current = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  const list = useQuery({
    queryKey: noteKeys.versions(noteId),
    queryFn: ({ signal }) => notesApi.versions(noteId, signal),
    enabled: open,
    staleTime: 0,
  });
  const versions = list.data?.versions;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = versions?.find((v) => v.id === chosenId) ?? versions?.[0] ?? null;
  const [restoring, setRestoring] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  /** Restores a version against the text on screen; answers the version that undoes it, or null. */
  const restore = async (versionId: string): Promise<string | null> => {
    setError(null);
    if (!(await saver.whenSaved())) {
      setError(m.historyUnsaved);
      return null;
    }
    try {
      const result = await notesApi.restoreVersion(noteId, versionId, saver.version);
      saver.restored(result.note);
      return result.previousVersionId;
    } catch (failure) {
      const conflict = failure instanceof ApiError ? noteConflictBodySchema.safeParse(failure.body) : null;
      // Changed elsewhere meanwhile: the editor takes the newer page, nothing was restored.
      if (conflict?.success) saver.open(conflict.data.error.current);
      setError(failure instanceof Error ? failure.message : String(failure));
      return null;
    } finally {
      void client.invalidateQueries({ queryKey: noteKeys.versions(noteId) });
    }
  };

  const restoreChosen = async () => {
    if (!chosen) return;
    setRestoring(true);
    const previous = await restore(chosen.id);
    setRestoring(false);
    if (!previous) return;
    onOpenChange(false);
    offerUndo({
      message: messages.undo.versionRestored,
      targets: [`note:${noteId}`],
      undo: () => void restore(previous),
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-200 focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{m.historyTitle}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                {m.historyIntro}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={`Close ${m.historyTitle.toLowerCase()}`}
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
            <VersionList
              versions={versions}
              loadError={list.isError ? list.error.message : null}
              chosenId={chosen?.id ?? null}
              onChoose={setChosenId}
            />
            {chosen && (
              <VersionCompare
                noteId={noteId}
                version={chosen}
                current={current}
                readOnly={readOnly}
                restoring={restoring}
                onRestore={() => void restoreChosen()}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function VersionList({
  versions,
  loadError,
  chosenId,
  onChoose,
}: {
  versions: NoteVersionSummary[] | undefined;
  loadError: string | null;
  chosenId: string | null;
  onChoose(id: string): void;
}) {
  if (loadError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {loadError}
      </p>
    );
  }
  if (!versions) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {messages.loading}
      </p>
    );
  }
  if (versions.length === 0) return <p className="text-sm text-slate-600">{m.historyEmpty}</p>;
  return (
    <nav aria-label={m.historyVersions} className="shrink-0 sm:w-64">
      <ul className="space-y-1">
        {versions.map((version) => {
          const chosen = version.id === chosenId;
          return (
            <li key={version.id}>
              <button
                type="button"
                aria-current={chosen ? 'true' : undefined}
                onClick={() => onChoose(version.id)}
                className={`block w-full rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                  chosen
                    ? 'bg-blue-50 text-blue-900 ring-1 ring-blue-200'
                    : 'text-slate-700 hover:bg-slate-50'
                }`}
              >
                <span className="block font-medium">{timeFormat.format(new Date(version.savedAt))}</span>
                {/* A space between the lines, so the button's name reads as words. */}{' '}
                <span className="block text-xs text-slate-600">
                  {m.historyReasons[version.reason]} · {m.historySize(version.size)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The title and text as one document, for comparing (a changed title is a changed first line). */
const asDocument = (page: PageText) => `${page.title}\n\n${page.content}`;

function VersionCompare({
  noteId,
  version,
  current,
  readOnly,
  restoring,
  onRestore,
}: {
  noteId: string;
  version: NoteVersionSummary;
  current: PageText;
  readOnly: boolean;
  restoring: boolean;
  onRestore(): void;
}) {
  const text = useQuery({
    queryKey: noteKeys.version(noteId, version.id),
    queryFn: ({ signal }) => notesApi.version(noteId, version.id, signal),
    // A version's text never changes (only the newest one grows while its session types).
    staleTime: 0,
  });
  const rows = useMemo(
    () =>
      text.data
        ? // A row has no identity beyond its place in this diff, which is rebuilt whole on each change.
          withContext(diffLines(asDocument(text.data), asDocument(current))).map((row, position) => ({
            ...row,
            position,
          }))
        : null,
    [text.data, current],
  );
  const unchanged = rows?.every((row) => row.kind === 'same' || row.kind === 'gap') ?? false;
  return (
    <section aria-labelledby="history-compare" className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="history-compare" className="text-sm font-semibold text-slate-900">
          {m.historyCompare}
        </h3>
        <button
          type="button"
          disabled={readOnly || restoring || !text.data}
          onClick={onRestore}
          className="rounded-lg bg-blue-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50"
        >
          {restoring ? m.historyRestoring : m.historyRestore}
        </button>
      </div>
      {/* Not a scroller of its own: the dialog scrolls, so the keyboard can scroll it too. */}
      <div className="mt-3 rounded-lg bg-slate-50 p-3 font-mono text-[13px] leading-6 [overflow-wrap:anywhere] ring-1 ring-slate-200">
        {text.isError && (
          <p role="alert" className="text-red-700">
            {text.error.message}
          </p>
        )}
        {!rows && !text.isError && <p className="text-slate-600">{messages.loading}</p>}
        {unchanged && <p className="mb-2 font-sans text-slate-600">{m.historyNoChanges}</p>}
        {rows?.map((row) => (
          <DiffRowView key={row.position} row={row} />
        ))}
      </div>
    </section>
  );
}

function DiffRowView({ row }: { row: ReturnType<typeof withContext>[number] }) {
  if (row.kind === 'gap') {
    return <p className="py-0.5 font-sans text-xs text-slate-500 italic">{m.historyUnchanged(row.lines)}</p>;
  }
  const text = row.text === '' ? '\u00a0' : row.text;
  if (row.kind === 'same') return <p className="whitespace-pre-wrap text-slate-700">{text}</p>;
  const added = row.kind === 'added';
  const Tag = added ? 'ins' : 'del';
  return (
    <p
      className={`whitespace-pre-wrap no-underline ${added ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
    >
      <span aria-hidden="true" className="select-none">
        {added ? '+ ' : '− '}
      </span>
      <Tag className="no-underline">
        <span className="sr-only">{added ? m.historyAdded : m.historyRemoved}: </span>
        {text}
      </Tag>
    </p>
  );
}
