import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Check, CloudOff, History, Loader2 } from 'lucide-react';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { messages } from '../../../../shared/messages.ts';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { noteKeys, notesApi } from '../api.ts';
import type { NoteSaver, SaverSnapshot } from '../note-saver.ts';
import { isPageBeingCreated } from '../notes-cache.ts';

// CodeMirror is its own chunk (about 100 KB gzip), fetched when a page is first opened: the tree, the
// to-do lists and the landing page never wait for it. Until it arrives the text shows as typed; if it
// cannot load, only the body says so (with Try Again), the title and the rest of the workspace stay.
const MarkdownEditor = lazyPart(
  async () => (await import('../../../components/markdown/markdown-editor.tsx')).MarkdownEditor,
  (props) => <EditorLoading content={props.value} />,
);

// The History dialog and its diff are their own chunk, fetched when History is first pressed (or hovered).
const NoteHistoryDialog = lazyPart(async () => (await import('./note-history-dialog.tsx')).NoteHistoryDialog);

interface NoteEditorProps {
  noteId: string;
  saver: NoteSaver;
  readOnly: boolean;
  /** Focus the title with its text selected (a page just created). */
  autoFocusTitle: boolean;
  breadcrumb: string[];
}

const m = messages.workspace;

/** The page editor: title and body, autosaved through the page's NoteSaver (content fetched on open). */
export function NoteEditor({ noteId, saver, readOnly, autoFocusTitle, breadcrumb }: NoteEditorProps) {
  const page = useQuery({
    queryKey: noteKeys.note(noteId),
    queryFn: ({ signal }) => notesApi.note(noteId, signal),
    // A page made here holds what its create sent; the server may not have it yet (offline: not for a while).
    staleTime: () => (isPageBeingCreated(noteId) ? Number.POSITIVE_INFINITY : 0),
    gcTime: 0,
  });
  const state = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  const title = useRef<HTMLInputElement>(null);
  const editContent = useCallback((content: string) => saver.edit({ content }), [saver]);
  const [historyOpen, setHistoryOpen] = useState(false);

  useEffect(() => {
    if (page.data) saver.open(page.data);
  }, [page.data, saver]);

  // Opening the page starts an editing session (a new version in its history once edited); leaving it
  // sends what is pending now instead of after the debounce.
  useEffect(() => {
    saver.startSession();
    return () => {
      saver.focusTitle(false);
      saver.flush();
    };
  }, [saver]);

  useEffect(() => {
    if (autoFocusTitle && state.loaded) {
      title.current?.focus();
      title.current?.select();
    }
  }, [autoFocusTitle, state.loaded]);

  if (!state.loaded) {
    return (
      <div className="mx-auto w-full max-w-3xl px-6 py-10 sm:px-10">
        {page.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {page.error.message}
          </p>
        ) : (
          <div className="space-y-4" role="status" aria-busy="true">
            <span className="sr-only">{messages.loading}</span>
            <div className="h-9 w-1/2 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-5/6 animate-pulse rounded bg-slate-100" />
          </div>
        )}
      </div>
    );
  }

  const inConflict = state.status === 'conflict';
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-11 shrink-0 items-center gap-3 border-b border-slate-100 px-6 text-xs text-slate-500 sm:px-10">
        <nav aria-label="Page location" className="min-w-0 flex-1 truncate">
          {breadcrumb.join(' / ')}
        </nav>
        <SaveStatusLine state={state} />
        <button
          type="button"
          onClick={() => setHistoryOpen(true)}
          onPointerEnter={NoteHistoryDialog.preload}
          onFocus={NoteHistoryDialog.preload}
          className="-mr-2 flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <History className="h-3.5 w-3.5" aria-hidden="true" />
          {messages.notes.history}
        </button>
      </div>
      {historyOpen && (
        <NoteHistoryDialog
          noteId={noteId}
          saver={saver}
          readOnly={readOnly}
          open={historyOpen}
          onOpenChange={setHistoryOpen}
        />
      )}
      {state.other && (
        <OtherVersion
          state={state}
          onKeepMine={() => saver.keepMine()}
          onUseTheirs={() => saver.acceptTheirs()}
          onDismiss={() => saver.dismissOther()}
        />
      )}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex min-h-full w-full max-w-3xl flex-col px-6 pt-8 pb-16 sm:px-10">
          <input
            ref={title}
            value={state.title}
            onChange={(event) => saver.edit({ title: event.target.value })}
            onFocus={() => saver.focusTitle(true)}
            onBlur={() => saver.focusTitle(false)}
            onKeyDown={(event) => {
              if (focusBodyFromTitle(event)) event.preventDefault();
            }}
            readOnly={readOnly}
            placeholder={messages.notes.titlePlaceholder}
            aria-label="Page title"
            className="w-full border-0 bg-transparent p-0 text-3xl font-bold tracking-tight text-slate-900 placeholder:text-slate-300 focus:ring-0 focus:outline-none"
          />
          <MarkdownEditor
            value={state.content}
            onChange={editContent}
            readOnly={readOnly}
            placeholder={messages.notes.contentPlaceholder}
            label="Page content"
            toolbar
            describedBy={inConflict ? 'conflict-notice' : undefined}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * Enter, or ArrowDown at the end, in the title moves to the body with the caret at its start (as in
 * every notes app), instead of typing into the title. The editor picks up the DOM caret on focus.
 */
function focusBodyFromTitle(event: ReactKeyboardEvent<HTMLInputElement>): boolean {
  const input = event.currentTarget;
  const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
  if (event.nativeEvent.isComposing || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey)
    return false;
  if (event.key !== 'Enter' && !(event.key === 'ArrowDown' && atEnd)) return false;
  const body = input.parentElement?.querySelector<HTMLElement>('.cm-content');
  if (!body) return false;
  body.focus();
  const first = body.querySelector('.cm-line') ?? body;
  window.getSelection()?.collapse(first, 0);
  return true;
}

/** The text, as typed, while the editor's code arrives (once per visit). */
function EditorLoading({ content }: { content: string }) {
  return (
    <div className="mt-4 flex-1 whitespace-pre-wrap text-[15px] leading-7 text-slate-800" aria-busy="true">
      <span className="sr-only">{messages.loading}</span>
      {content}
    </div>
  );
}

function SaveStatusLine({ state }: { state: SaverSnapshot }) {
  const view = (() => {
    switch (state.status) {
      case 'saving':
      case 'pending':
        return {
          // It turns only while a save travels: turning while `pending` redrew it every frame for as long
          // as someone types, and key presses waited behind those frames (measured: docs/performance.md).
          icon: (
            <Loader2
              className={`h-3.5 w-3.5 ${state.status === 'saving' ? 'motion-safe:animate-spin' : ''}`}
            />
          ),
          text: m.saving,
          tone: 'text-slate-500',
        };
      case 'saved':
        return { icon: <Check className="h-3.5 w-3.5" />, text: m.saved, tone: 'text-slate-500' };
      case 'offline':
        return { icon: <CloudOff className="h-3.5 w-3.5" />, text: m.offline, tone: 'text-amber-700' };
      case 'error':
        return { icon: <AlertTriangle className="h-3.5 w-3.5" />, text: m.saveFailed, tone: 'text-red-600' };
      case 'conflict':
        return {
          icon: <AlertTriangle className="h-3.5 w-3.5" />,
          text: messages.notes.conflict,
          tone: 'text-amber-700',
        };
      default:
        return null;
    }
  })();
  return (
    <p
      role="status"
      className={`flex shrink-0 items-center gap-1.5 ${view?.tone ?? ''}`}
      title={state.error ?? undefined}
    >
      {view && (
        <>
          <span aria-hidden="true">{view.icon}</span>
          <span className="max-sm:sr-only">{view.text}</span>
          {state.status === 'error' && state.error && <span className="sr-only">: {state.error}</span>}
        </>
      )}
    </p>
  );
}

function OtherVersion({
  state,
  onKeepMine,
  onUseTheirs,
  onDismiss,
}: {
  state: SaverSnapshot;
  onKeepMine(): void;
  onUseTheirs(): void;
  onDismiss(): void;
}) {
  const other = state.other;
  if (!other) return null;
  const theirs = other.whose === 'theirs';
  return (
    <section
      id="conflict-notice"
      aria-label={theirs ? m.theirVersion : m.yourVersion}
      className="shrink-0 border-b border-amber-200 bg-amber-50 px-6 py-3 sm:px-10"
    >
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-wrap items-center gap-2">
          <p role="alert" className="min-w-0 flex-1 text-sm font-medium text-amber-900">
            {theirs ? messages.notes.conflict : `${m.yourVersion}: copy anything you still need.`}
          </p>
          {theirs ? (
            <>
              <button
                type="button"
                onClick={onKeepMine}
                className="rounded-md bg-amber-700 px-3 py-1 text-sm font-semibold text-white hover:bg-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
              >
                {m.keepMine}
              </button>
              <button
                type="button"
                onClick={onUseTheirs}
                className="rounded-md bg-white px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
              >
                {m.useTheirs}
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={onDismiss}
              className="rounded-md bg-white px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
            >
              Dismiss
            </button>
          )}
        </div>
        <label className="mt-2 block text-xs font-medium text-amber-800">
          {theirs ? m.theirVersion : m.yourVersion}
          <textarea
            readOnly
            value={other.title ? `${other.title}\n\n${other.content}` : other.content}
            rows={5}
            className="mt-1 block w-full resize-y rounded-md border border-amber-200 bg-white/70 p-2 font-normal text-sm leading-6 text-slate-700"
          />
        </label>
      </div>
    </section>
  );
}
