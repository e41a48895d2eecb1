import { messages } from '../../../shared/messages.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { type DragKind, dragId, rowNoun } from './tree-dnd.ts';
import { levelsModel, type TreeLevels } from './tree-levels.ts';

/** A row's rename as the tree's mutations send it (optimistic, rolled back with a toast). */
export interface RenameMutation {
  mutate(vars: { id: string; title: string }, options?: { onSuccess?: () => void }): void;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `Notebook renamed`, `Page renamed`: the Undo toast of a rename. */
export const renamedMessage = (kind: DragKind) => messages.undo.renamed(capitalised(rowNoun[kind]));

interface TreeRename<K extends DragKind, Leaf extends { id: string }> {
  /** The tree as it is now: a rename's Undo puts back the title read here. */
  levels: TreeLevels<Leaf>;
  renames: Record<K, RenameMutation>;
  /** The row just created, whose first name is part of creating it: nothing to undo. */
  namingId: string | null;
}

/** Renames a row from its tree row and, once the server has it, offers Undo. */
export function useTreeRename<K extends DragKind, Leaf extends { id: string }>({
  levels,
  renames,
  namingId,
}: TreeRename<K, Leaf>) {
  const { offerUndo } = useToasts();
  return (kind: K, id: string, title: string) => {
    const old = levelsModel(levels).title(kind, id);
    const rename = renames[kind];
    const naming = id === namingId;
    rename.mutate(
      { id, title },
      {
        onSuccess: () => {
          if (old === undefined || old === title || naming) return;
          offerUndo({
            message: renamedMessage(kind),
            targets: [dragId(kind, id)],
            undo: () => rename.mutate({ id, title: old }),
          });
        },
      },
    );
  };
}
