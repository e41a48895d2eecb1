import { GripVertical } from 'lucide-react';
import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { InlineTitle } from '../ui/inline-title.tsx';
import { RowMenu } from '../ui/row-menu.tsx';
import { useStaticRowDrag, useTreeDnd } from './lazy-dnd.tsx';
import { type DragKind, dragId } from './tree-dnd.ts';
import { useLongPress } from './use-long-press.ts';

export interface TreeRowProps {
  kind: DragKind;
  id: string;
  parentId: string | null;
  title: string;
  /** What the row is called in labels: "notebook", "section", "page". */
  noun: string;
  selected: boolean;
  readOnly: boolean;
  renaming: boolean;
  /** Another kind of row can be dropped onto this one (a section on a notebook, a page on a section). */
  acceptsFrom?: DragKind;
  icon: ReactNode;
  indent?: boolean;
  onSelect(): void;
  onStartRename?(): void;
  onRename?(title: string): void;
  onCancelRename?(): void;
  onDelete(): void;
  /** The row menu's `Move to…` (a dialog: moving without a drag). */
  onMoveTo?(): void;
  /** The row menu's `Copy link`. */
  onCopyLink?(): void;
  children?: ReactNode;
  trailing?: ReactNode;
}

/** What dragging gives a row: dnd-kit's sortable once loaded (tree-dnd-kit.tsx), a stand-in before. */
export interface RowDrag {
  setNodeRef?(node: HTMLElement | null): void;
  style?: CSSProperties;
  dragging: boolean;
  dropTarget: boolean;
  onRowPointerDown(event: PointerEvent<HTMLDivElement>): void;
  /** The grip's ARIA attributes and key handler (Space lifts). */
  handle: ButtonHTMLAttributes<HTMLButtonElement>;
}

/**
 * One sortable row of the sidebar. The whole row drags with the pointer (after a few pixels, so clicks
 * still select); the grip is the keyboard handle (Space to lift, arrows to move, Space to drop). Until the
 * first drag the row is the same markup without dnd-kit, which that drag loads (lazy-dnd.tsx).
 */
export function TreeRow(props: TreeRowProps) {
  const kit = useTreeDnd();
  return kit ? <kit.SortableTreeRow {...props} /> : <StaticTreeRow {...props} />;
}

function StaticTreeRow(props: TreeRowProps) {
  const drag = useStaticRowDrag(dragId(props.kind, props.id), props.readOnly || props.renaming);
  return <TreeRowView {...props} drag={drag} />;
}

export function TreeRowView(props: TreeRowProps & { drag: RowDrag }) {
  const { kind, id, title, noun, selected, readOnly, renaming, drag } = props;
  const name = title || noun;
  const titleButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { chain, ...longPress } = useLongPress(() =>
    setMenuOpen(!renaming && !(readOnly && !props.onCopyLink)),
  );

  // A rename ended by Enter or Escape leaves focus on the row it named, not on the page's body.
  useEffect(() => {
    if (renaming || !refocus.current) return;
    refocus.current = false;
    titleButton.current?.focus();
  }, [renaming]);

  return (
    <li
      ref={drag.setNodeRef}
      style={drag.style}
      className={drag.dragging ? 'relative z-10 opacity-60' : undefined}
    >
      <div
        data-drag-row={dragId(kind, id)}
        {...longPress}
        onPointerDown={chain(drag.onRowPointerDown)}
        className={`group flex items-center gap-1 rounded-md pr-1 text-sm transition-colors ${props.indent ? 'pl-5' : 'pl-0.5'} ${
          drag.dropTarget
            ? 'bg-blue-50 ring-2 ring-blue-400 ring-inset'
            : selected
              ? 'bg-slate-200/70 text-slate-900'
              : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        <button
          type="button"
          {...drag.handle}
          data-drag-handle={dragId(kind, id)}
          aria-label={`Move ${noun} ${name}`}
          disabled={readOnly}
          className="shrink-0 cursor-grab rounded p-0.5 text-slate-300 opacity-0 group-hover:opacity-100 pointer-coarse:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:invisible"
        >
          <GripVertical className="h-3.5 w-3.5" aria-hidden="true" />
        </button>
        {renaming && props.onRename && props.onCancelRename ? (
          <InlineTitle
            initial={title}
            label={`Rename ${noun}`}
            onSave={props.onRename}
            onCancel={props.onCancelRename}
            onKeyboardDone={() => {
              refocus.current = true;
            }}
          />
        ) : (
          <button
            ref={titleButton}
            type="button"
            onClick={props.onSelect}
            onDoubleClick={readOnly ? undefined : props.onStartRename}
            aria-current={selected ? 'true' : undefined}
            className="flex min-w-0 flex-1 items-center gap-2 rounded py-1.5 text-left focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {props.icon}
            <span className={`truncate ${title ? '' : 'text-slate-500'} ${selected ? 'font-medium' : ''}`}>
              {name}
            </span>
          </button>
        )}
        {props.trailing}
        {!renaming && (
          <RowMenu
            name={name}
            disabled={readOnly}
            onRename={props.onStartRename}
            onMoveTo={props.onMoveTo}
            onCopyLink={props.onCopyLink}
            onDelete={props.onDelete}
            open={menuOpen}
            onOpenChange={setMenuOpen}
          />
        )}
      </div>
      {props.children}
    </li>
  );
}
