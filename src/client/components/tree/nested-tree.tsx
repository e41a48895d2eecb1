import { ChevronRight, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { SortableRows } from './lazy-dnd.tsx';
import { type DragKind, dragId } from './tree-dnd.ts';
import { TreeRow } from './tree-row.tsx';

interface ParentItem {
  id: string;
  title: string;
  color: string;
}

interface ChildItem {
  id: string;
  title: string;
}

interface NestedTreeProps<P extends ParentItem, C extends ChildItem> {
  parents: readonly P[];
  childrenOf(parent: P): readonly C[];
  /** Drag kinds, also the nouns in the rows' labels: notebook > section > note, todo > category > task. */
  kinds: { parent: DragKind; child: DragKind; grandchild: DragKind };
  /** The list's accessible name ("Notebooks"). */
  label: string;
  /** Names an open parent's list: "Sections" gives "Sections of <title>". */
  childrenLabel: string;
  /** The button ending an open parent's list ("New section"). */
  newChildLabel: string;
  /** Shown above that button when the open parent has no children ("No sections yet"). */
  noChildrenText: string;
  empty: ReactNode;
  selectedParentId: string | null;
  selectedChildId: string | null;
  readOnly: boolean;
  childIcon: ReactNode;
  childTrailing(child: C): ReactNode;
  /** A row just created: it opens with its name selected for typing (docs/PRODUCT.md §10.4). */
  namingId?: string | null;
  /** The naming ended (Enter, Escape, blur, or another row's rename began). */
  onNamingDone?(): void;
  onCreateChild(parentId: string): void;
  onSelectParent(id: string): void;
  onSelectChild(id: string): void;
  onRenameParent(id: string, title: string): void;
  onRenameChild(id: string, title: string): void;
  onDeleteParent(parent: P): void;
  onDeleteChild(child: C): void;
  /**
   * The selected parent the person closed, held by the caller when the tree may be mounted again
   * (dnd-kit arriving, lazy-dnd.tsx) and must not spring open under the pointer; else held here.
   */
  collapsed?: { id: string | null; set(id: string | null): void };
}

/**
 * The sidebar's upper pane in both views: coloured parents (notebooks, todos), the selected one open on
 * its children (sections, categories). Selecting a parent closes the others; selecting it again toggles.
 */
export function NestedTree<P extends ParentItem, C extends ChildItem>(props: NestedTreeProps<P, C>) {
  const { parents, kinds, readOnly } = props;
  const [renamingState, setRenaming] = useState<string | null>(null);
  const [ownClosedId, setOwnClosedId] = useState<string | null>(null);
  const closedId = props.collapsed ? props.collapsed.id : ownClosedId;
  const setClosedId = props.collapsed ? props.collapsed.set : setOwnClosedId;
  const renaming = renamingState ?? props.namingId ?? null;
  const startRename = (id: string) => {
    props.onNamingDone?.();
    setRenaming(id);
  };
  const stopRename = () => {
    setRenaming(null);
    props.onNamingDone?.();
  };

  if (parents.length === 0) return props.empty;

  return (
    <SortableRows items={parents.map((p) => dragId(kinds.parent, p.id))}>
      <ul className="space-y-0.5" aria-label={props.label}>
        {parents.map((parent) => {
          const selected = props.selectedParentId === parent.id;
          const open = selected && closedId !== parent.id;
          const children = props.childrenOf(parent);
          return (
            <TreeRow
              key={parent.id}
              kind={kinds.parent}
              id={parent.id}
              parentId={null}
              title={parent.title}
              noun={kinds.parent}
              selected={selected && props.selectedChildId === null}
              readOnly={readOnly}
              renaming={renaming === parent.id}
              acceptsFrom={kinds.child}
              icon={
                <>
                  <ChevronRight
                    className={`h-3.5 w-3.5 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-90' : ''}`}
                    aria-hidden="true"
                  />
                  <span
                    className="h-2.5 w-2.5 shrink-0 rounded-full ring-2 ring-white"
                    style={{ backgroundColor: parent.color }}
                    aria-hidden="true"
                  />
                </>
              }
              onSelect={() => {
                setClosedId(selected && open ? parent.id : null);
                props.onSelectParent(parent.id);
              }}
              onStartRename={() => startRename(parent.id)}
              onCancelRename={stopRename}
              onRename={(title) => {
                stopRename();
                props.onRenameParent(parent.id, title);
              }}
              onDelete={() => props.onDeleteParent(parent)}
            >
              {open && (
                <SortableRows items={children.map((c) => dragId(kinds.child, c.id))}>
                  <ul className="mt-0.5 space-y-0.5" aria-label={`${props.childrenLabel} of ${parent.title}`}>
                    {children.map((child) => (
                      <TreeRow
                        key={child.id}
                        kind={kinds.child}
                        id={child.id}
                        parentId={parent.id}
                        title={child.title}
                        noun={kinds.child}
                        indent
                        selected={props.selectedChildId === child.id}
                        readOnly={readOnly}
                        renaming={renaming === child.id}
                        acceptsFrom={kinds.grandchild}
                        icon={props.childIcon}
                        trailing={props.childTrailing(child)}
                        onSelect={() => props.onSelectChild(child.id)}
                        onStartRename={() => startRename(child.id)}
                        onCancelRename={stopRename}
                        onRename={(title) => {
                          stopRename();
                          props.onRenameChild(child.id, title);
                        }}
                        onDelete={() => props.onDeleteChild(child)}
                      />
                    ))}
                    {children.length === 0 && (
                      <li className="py-1 pr-2 pl-10 text-sm text-slate-500">{props.noChildrenText}</li>
                    )}
                    <li>
                      <button
                        type="button"
                        disabled={readOnly}
                        onClick={() => props.onCreateChild(parent.id)}
                        className="flex w-full items-center gap-2 rounded-md py-1.5 pr-2 pl-10 text-left text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50"
                      >
                        <Plus className="h-3.5 w-3.5" aria-hidden="true" />
                        {props.newChildLabel}
                      </button>
                    </li>
                  </ul>
                </SortableRows>
              )}
            </TreeRow>
          );
        })}
      </ul>
    </SortableRows>
  );
}
