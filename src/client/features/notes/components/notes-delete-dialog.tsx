import { messages } from '../../../../shared/messages.ts';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.tsx';
import type { NotesWorkspace } from '../hooks/use-notes-workspace.ts';

const m = messages.workspace;
const text = {
  notebook: { title: 'Delete notebook?', description: m.deleteNotebook },
  section: { title: 'Delete section?', description: m.deleteSection },
  note: { title: 'Delete page?', description: m.deletePage },
};

/** The confirmation before a notebook, section or page goes, naming what goes with it (docs/PRODUCT.md §2). */
export function NotesDeleteDialog({ notes }: { notes: NotesWorkspace }) {
  const request = notes.pendingDelete;
  return (
    <ConfirmDelete
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) notes.setPendingDelete(null);
      }}
      title={request ? text[request.kind].title : ''}
      description={request ? text[request.kind].description : ''}
      onConfirm={notes.confirmDelete}
    />
  );
}
