import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocation, useNavigate } from '../../../lib/router.tsx';
import { useToasts } from '../../../lib/toasts.tsx';
import {
  locatePage,
  type NotesWorkspace,
  noteKeys,
  notesApi,
  pageIdOf,
  pagePath,
  workspacePath,
} from '../../notes/index.ts';
import type { WorkspaceView } from './use-workspace-view.ts';

/** What the workspace keeps in each history entry it makes: the view it showed. */
interface EntryState {
  workspaceView?: WorkspaceView;
}

const viewOf = (state: unknown): WorkspaceView | undefined =>
  typeof state === 'object' && state !== null ? (state as EntryState).workspaceView : undefined;

/**
 * The open page and the address bar, kept in step both ways. The address `/app/pages/<id>` opens that
 * page (its section and notebook with it) when the workspace loads, on Back and Forward, or from a
 * link; opening another page pushes its address, so Back and Forward walk the pages. A page that does
 * not exist, or is someone else's (the API answers 404 for both), says so in a toast and the address
 * falls back to what the workspace shows, as a broken task deep link is cleared. `/app` is the
 * workspace with no page open (or the Todos view); its first load keeps what this device remembers.
 * While the address carries a query (a task deep link being handled) it is left alone.
 */
export function usePageLink(
  notes: NotesWorkspace,
  view: WorkspaceView,
  setView: (view: WorkspaceView) => void,
) {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { showError } = useToasts();
  const { tree, selection, openPage, selectSection } = notes;
  // The address the workspace last matched: a different one came from outside (load, Back, a link).
  const matched = useRef<string | null>(null);
  // Right after the address was read, the workspace's own address replaces it (no extra Back step).
  const replaceNext = useRef(true);
  const [checking, setChecking] = useState<string | null>(null);
  const shown = view === 'notes' && selection.noteId ? pagePath(selection.noteId) : workspacePath;

  // Set while the workspace is being brought to a new address: until it shows it, the address stays.
  // A ref, since the effect below runs in the same commit, before the state set here has rendered.
  const following = useRef(false);

  // The address → the workspace.
  useEffect(() => {
    if (!tree) return;
    if (matched.current === pathname) {
      // This effect runs on every change of what the workspace shows, before the one below.
      if (!checking) following.current = false;
      return;
    }
    const first = matched.current === null;
    matched.current = pathname;
    replaceNext.current = true;
    const linked = pageIdOf(pathname);
    if (!linked) {
      if (first) return;
      following.current = true;
      // Back or Forward to a step with no page open: the Todos view, or the notes with none open.
      if (viewOf(state) === 'todos') {
        setView('todos');
      } else {
        setView('notes');
        if (selection.sectionId) selectSection(selection.sectionId);
      }
      return;
    }
    if (view === 'notes' && selection.noteId === linked) return;
    following.current = true;
    const known = locatePage(client, linked);
    if (known) {
      setView('notes');
      openPage(linked, known.sectionId);
      return;
    }
    // Read as the editor reads it (the same cache entry), so the page's text is fetched once.
    setChecking(linked);
    client
      .fetchQuery({ queryKey: noteKeys.note(linked), queryFn: ({ signal }) => notesApi.note(linked, signal) })
      .then(
        (note) => {
          setView('notes');
          openPage(note.id, note.sectionId);
        },
        (error: unknown) => {
          console.warn('Page link: no such page', { id: linked, error });
          const missing = error instanceof ApiError && error.status === 404;
          showError(missing || !(error instanceof Error) ? messages.notes.pageNotFound : error.message);
        },
      )
      .finally(() => setChecking(null));
  }, [tree, pathname, state, view, selection, checking, client, openPage, selectSection, setView, showError]);

  // The workspace → the address.
  useEffect(() => {
    // `checking` is part of `following`; named too so that this runs again once a check has failed.
    if (!tree || checking || following.current || matched.current !== pathname || search) return;
    if (shown === pathname) {
      replaceNext.current = false;
      return;
    }
    matched.current = shown;
    navigate(shown, { replace: replaceNext.current, state: { workspaceView: view } satisfies EntryState });
    replaceNext.current = false;
  }, [tree, checking, pathname, search, shown, view, navigate]);
}
