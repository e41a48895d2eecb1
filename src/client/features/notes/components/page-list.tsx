import { FileText, Loader2 } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { NoteSummary, OutlineSection } from '../../../../shared/schemas/note.ts';
import { SortableRows } from '../../../components/tree/lazy-dnd.tsx';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import { dragId } from '../../../components/tree/tree-dnd.ts';
import { TreeRow } from '../../../components/tree/tree-row.tsx';
import { useCopyPageLink } from '../hooks/use-copy-page-link.ts';
import type { Selection } from '../hooks/use-selection.ts';
import type { DeleteRequest } from './notebook-tree.tsx';
import { useGrowingWindow } from './use-growing-window.ts';

interface PageListProps {
  section: OutlineSection | null;
  /** The section's pages; undefined while they load (they are asked for when it is selected). */
  pages: NoteSummary[] | undefined;
  /** Why the pages could not be loaded. */
  error: string | null;
  selection: Selection;
  readOnly: boolean;
  onOpen(noteId: string): void;
  onDelete(request: DeleteRequest): void;
  /** The row menu's `Move to…`. */
  onMoveTo(note: NoteSummary): void;
  /** The empty section's action (`Create a page`); disabled while one is being made. */
  onCreate(): void;
}

/** The lower pane: the selected section's pages (titles only; content loads when a page opens). */
export function PageList(props: PageListProps) {
  const { section, pages, error, onCreate, readOnly } = props;
  if (!section) return <EmptyPane text={messages.notes.selectSection} />;
  if (error) return <p className="px-3 py-6 text-center text-sm text-red-600">{error}</p>;
  if (!pages) {
    return (
      <p className="flex justify-center py-6 text-slate-400" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        <span className="sr-only">{messages.loading}</span>
      </p>
    );
  }
  if (pages.length === 0) {
    const action = { label: messages.firstRun.createPage, onClick: onCreate, disabled: readOnly };
    return <EmptyPane text={messages.notes.noPagesYet} action={action} />;
  }
  return <PageRows {...props} section={section} pages={pages} />;
}

/** The rows, rendered in a growing window (use-growing-window.ts) so a long section shows at once. */
function PageRows({
  section,
  pages,
  selection,
  readOnly,
  onOpen,
  onDelete,
  onMoveTo,
}: PageListProps & { section: OutlineSection; pages: NoteSummary[] }) {
  const selectedAt = pages.findIndex((n) => n.id === selection.noteId);
  const { shown, sentinel, more } = useGrowingWindow(pages.length, selectedAt + 1, section.id);
  const rows = shown < pages.length ? pages.slice(0, shown) : pages;
  const copyLink = useCopyPageLink();
  return (
    <SortableRows items={rows.map((n) => dragId('note', n.id))}>
      <ul className="space-y-0.5" aria-label={`Pages of ${section.title}`}>
        {rows.map((note) => (
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
            onMoveTo={() => onMoveTo(note)}
            onCopyLink={() => copyLink(note.id)}
          />
        ))}
        {more && <li ref={sentinel} aria-hidden="true" className="h-6" />}
      </ul>
    </SortableRows>
  );
}
