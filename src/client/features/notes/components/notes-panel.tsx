import { FileText } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { NotesWorkspace } from '../hooks/use-notes-workspace.ts';
import { NoteEditor } from './note-editor.tsx';

/** The content area in notes mode: the open page's editor, or `No page selected`. */
export function NotesPanel({ notes, readOnly }: { notes: NotesWorkspace; readOnly: boolean }) {
  const { open } = notes;
  if (!open) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
        <FileText className="h-10 w-10 text-slate-200" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-500">{messages.notes.noPageSelected}</p>
      </div>
    );
  }
  return (
    <NoteEditor
      key={open.note.id}
      noteId={open.note.id}
      saver={notes.savers.get(open.note.id)}
      readOnly={readOnly}
      autoFocusTitle={notes.createdNoteId === open.note.id}
      breadcrumb={[open.notebook.title, open.section.title]}
    />
  );
}
