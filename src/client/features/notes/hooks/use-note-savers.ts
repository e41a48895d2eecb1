import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { renamedMessage } from '../../../components/tree/use-tree-rename.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { SaverRegistry } from '../note-saver.ts';
import { setPages } from '../notes-cache.ts';

/**
 * Every page's autosave for the whole visit: a saved title shows in its section's list, a title typed in
 * the editor offers Undo like the tree's renames, and closing the tab with text the server does not have
 * yet asks first. Saves that failed offline go again as soon as the network returns.
 */
export function useNoteSavers(createdNoteId: string | null) {
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  // Read by the savers' callbacks, which are made once for the whole visit.
  const latest = useRef({ offerUndo, createdNoteId });
  latest.current = { offerUndo, createdNoteId };
  const [savers] = useState(() => {
    const registry: SaverRegistry = new SaverRegistry({
      onSaved: (meta) =>
        setPages(client, meta.sectionId, (pages) =>
          pages.map((n) => (n.id === meta.id ? { ...n, title: meta.title, updatedAt: meta.updatedAt } : n)),
        ),
      // Naming a page just created is part of creating it: nothing to undo.
      onRenamed: (noteId, from) => {
        if (noteId === latest.current.createdNoteId) return;
        latest.current.offerUndo({
          message: renamedMessage('note'),
          targets: [`note:${noteId}`],
          undo: () => registry.find(noteId)?.restoreTitle(from),
        });
      },
    });
    return registry;
  });

  // The draft is kept regardless; the question only spares a surprise.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!savers.anyUnsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [savers]);

  // A save that failed offline waits out its backoff; the network coming back is reason to go now.
  useEffect(() => {
    const retry = () => savers.retryOffline();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [savers]);

  return savers;
}
