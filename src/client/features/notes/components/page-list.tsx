import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { FileText } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { TreeSection } from '../../../../shared/schemas/note.ts';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import { TreeRow } from '../../../components/tree/tree-row.tsx';
import type { Selection } from '../hooks/use-selection.ts';
import type { DeleteRequest } from './notebook-tree.tsx';

interface PageListProps {
  section: TreeSection | null;
  selection: Selection;
  readOnly: boolean;
  onOpen(noteId: string): void;
  onDelete(request: DeleteRequest): void;
  /** The empty section's action (`Create a page`); disabled while one is being made. */
  onCreate(): void;
  creating: boolean;
}

/** The lower pane: the selected section's pages (titles only; content loads when a page opens). */
export function PageList({
  section,
  selection,
  readOnly,
  onOpen,
  onDelete,
  onCreate,
  creating,
}: PageListProps) {
  if (!section) return <EmptyPane text={messages.notes.selectSection} />;
  if (section.notes.length === 0) {
    const action = { label: messages.firstRun.createPage, onClick: onCreate, disabled: readOnly || creating };
    return <EmptyPane text={messages.notes.noPagesYet} action={action} />;
  }
  return (
    <SortableContext items={section.notes.map((n) => `note:${n.id}`)} strategy={verticalListSortingStrategy}>
      <ul className="space-y-0.5" aria-label={`Pages of ${section.title}`}>
        {section.notes.map((note) => (
          <TreeRow
            key={note.id}
            kind="note"
            id={note.id}
            parentId={section.id}
            title={note.title}
            noun="page"
            selected={selection.noteId === note.id}
            readOnly={readOnly}
            renaming={false}
            icon={<FileText className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />}
            onSelect={() => onOpen(note.id)}
            onDelete={() => onDelete({ kind: 'note', id: note.id, title: note.title })}
          />
        ))}
      </ul>
    </SortableContext>
  );
}
