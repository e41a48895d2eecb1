import { FileText } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { NotesWorkspace } from '../hooks/use-notes-workspace.ts';
import { NoteEditor } from './note-editor.tsx';

interface NotesPanelProps {
  notes: NotesWorkspace;
  readOnly: boolean;
  /** Given while the sidebar is hidden: the empty state's way to the notebooks. */
  onShowSidebar?(): void;
}

/** The content area in notes mode: the open page's editor, or `No page selected`. */
export function NotesPanel({ notes, readOnly, onShowSidebar }: NotesPanelProps) {
  const { open } = notes;
  if (!open) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
        <FileText className="h-10 w-10 text-slate-200" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-500">{messages.notes.noPageSelected}</p>
        {onShowSidebar && (
          <button
            type="button"
            onClick={onShowSidebar}
            aria-controls="workspace-sidebar"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            {messages.firstRun.showSidebar}
          </button>
        )}
      </div>
    );
  }
  return (
    <NoteEditor
      key={open.noteId}
      noteId={open.noteId}
      saver={notes.savers.get(open.noteId)}
      readOnly={readOnly}
      autoFocusTitle={notes.createdNoteId === open.noteId}
      breadcrumb={[open.notebook.title, open.section.title]}
    />
  );
}
