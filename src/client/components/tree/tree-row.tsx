import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { InlineTitle } from '../ui/inline-title.tsx';
import { RowMenu } from '../ui/row-menu.tsx';
import type { DragKind } from './tree-dnd.ts';

interface TreeRowProps {
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
  children?: ReactNode;
  trailing?: ReactNode;
}

/**
 * One sortable row of the sidebar. The whole row drags with the pointer (after a few pixels, so clicks
 * still select); the grip is the keyboard handle (Space to lift, arrows to move, Space to drop).
 */
export function TreeRow(props: TreeRowProps) {
  const { kind, id, parentId, title, noun, selected, readOnly, renaming } = props;
  const sortable = useSortable({
    id: `${kind}:${id}`,
    data: { kind, id, parentId },
    disabled: readOnly || renaming,
  });
  const { setNodeRef, transform, transition, isDragging, listeners, attributes, isOver, active } = sortable;
  const dropTarget =
    isOver && props.acceptsFrom !== undefined && active?.data.current?.kind === props.acceptsFrom;
  const name = title || noun;
  const titleButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  // A rename ended by Enter or Escape leaves focus on the row it named, not on the page's body.
  useEffect(() => {
    if (renaming || !refocus.current) return;
    refocus.current = false;
    titleButton.current?.focus();
  }, [renaming]);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-60' : undefined}
    >
      <div
        onPointerDown={(event) => listeners?.onPointerDown?.(event)}
        className={`group flex items-center gap-1 rounded-md pr-1 text-sm transition-colors ${props.indent ? 'pl-5' : 'pl-0.5'} ${
          dropTarget
            ? 'bg-blue-50 ring-2 ring-blue-400 ring-inset'
            : selected
              ? 'bg-slate-200/70 text-slate-900'
              : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        <button
          type="button"
          {...attributes}
          onKeyDown={(event) => listeners?.onKeyDown?.(event)}
          aria-label={`Move ${noun} ${name}`}
          disabled={readOnly}
          className="shrink-0 cursor-grab rounded p-0.5 text-slate-300 opacity-0 group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:invisible"
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
          <RowMenu name={name} disabled={readOnly} onRename={props.onStartRename} onDelete={props.onDelete} />
        )}
      </div>
      {props.children}
    </li>
  );
}
