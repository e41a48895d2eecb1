import type { Active, Announcements, Over } from '@dnd-kit/core';
import { type DragData, type DragKind, dragInstructions } from './tree-dnd.ts';

/**
 * What a screen reader hears while something is dragged (dnd-kit's live region): the item and the place
 * by name, `Moved page "Launch plan" to section "Projects", position 2 of 5`, instead of dnd-kit's raw
 * ids. Pure: a drag's active and over entries plus a model of the tree in, sentences out.
 */

/** Every kind that drags: the two sidebar trees' rows, and a task's subtasks. */
export type AnnouncedKind = DragKind | 'subtask';

export interface AnnouncedData {
  kind: AnnouncedKind;
  id: string;
  parentId: string | null;
}

/** How each kind is called aloud (a note is a "page" on screen, a todo a "list"). */
export const spokenNoun: Record<AnnouncedKind, string> = {
  notebook: 'notebook',
  section: 'section',
  note: 'page',
  todo: 'list',
  category: 'category',
  task: 'task',
  subtask: 'subtask',
};

/** Each kind's parent kind; null for the top rows. */
const parentKind: Record<AnnouncedKind, AnnouncedKind | null> = {
  notebook: null,
  section: 'notebook',
  note: 'section',
  todo: null,
  category: 'todo',
  task: 'category',
  subtask: null,
};

/** What the announcements need to know about the tree, read at the moment of each announcement. */
export interface DragModel {
  /** A row's title ('' when untitled); undefined when it is not in the tree. */
  title(kind: AnnouncedKind, id: string): string | undefined;
  /** The ids of the rows of `kind` under `parentId`, in order; undefined when not loaded. */
  children(kind: AnnouncedKind, parentId: string | null): readonly string[] | undefined;
  /** The parent a row of `kind` has now. */
  parentOf(kind: AnnouncedKind, id: string): string | null | undefined;
}

/** Where a dragged row would land: its new parent (null at the top) and position (1-based). */
export interface DropPlace {
  parentId: string | null;
  /** Null when the new parent's rows are not loaded: it goes at the end. */
  position: number | null;
  count: number | null;
}

/**
 * Where the drop planner (drop-planner.ts) puts a row dropped on `over`: over a sibling,
 * at that sibling's place (among its siblings, or inserted there when it comes from another parent);
 * over a parent row, at the end of it, or where it is when that parent is already its own.
 */
export function dropPlace(model: DragModel, active: AnnouncedData, over: AnnouncedData): DropPlace | null {
  const overIsParent = parentKind[active.kind] === over.kind && active.kind !== over.kind;
  if (!overIsParent && over.kind !== active.kind) return null;
  const parentId = overIsParent ? over.id : (model.parentOf(over.kind, over.id) ?? over.parentId);
  const siblings = model.children(active.kind, parentId);
  if (!siblings) return { parentId, position: null, count: null };
  const own = siblings.indexOf(active.id);
  const count = own === -1 ? siblings.length + 1 : siblings.length;
  if (overIsParent) return { parentId, position: own === -1 ? count : own + 1, count };
  const at = siblings.indexOf(over.id);
  if (at === -1) return null;
  return { parentId, position: at + 1, count };
}

function named(model: DragModel, kind: AnnouncedKind, id: string): string {
  const noun = spokenNoun[kind];
  const title = model.title(kind, id);
  return title ? `${noun} "${title}"` : `untitled ${noun}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Where a move goes (`to section "Projects", position 2 of 5`, `to position 1 of 3`, `to the end of
 * category "Home"`) or a drop landed (`in section "Projects", position 2 of 5`, `at position 1 of 3`).
 */
function placeText(model: DragModel, kind: AnnouncedKind, place: DropPlace, dropped: boolean): string {
  const parent = parentKind[kind];
  const where = parent && place.parentId !== null ? named(model, parent, place.parentId) : null;
  if (place.position === null) return where ? `${dropped ? 'at' : 'to'} the end of ${where}` : 'at the end';
  const position = `position ${place.position} of ${place.count}`;
  if (where) return `${dropped ? 'in' : 'to'} ${where}, ${position}`;
  return `${dropped ? 'at' : 'to'} ${position}`;
}

/** The sentences for one drag; `read` turns dnd-kit's entries into rows (null when it is not one). */
export function dragAnnouncements(
  model: () => DragModel,
  read: (entry: Active | Over | null) => AnnouncedData | null,
): Announcements {
  const dragOf = (active: Active, over: Over | null) => {
    const tree = model();
    const item = read(active);
    if (!item) return null;
    const target = read(over);
    const place = target ? dropPlace(tree, item, target) : null;
    return { tree, item, name: named(tree, item.kind, item.id), place };
  };
  // dnd-kit reports the lifted row over its own place at once: that is not a move, and saying so would
  // talk over `Picked up`. Once it has been somewhere else, being back over its own place is one.
  let moved = false;
  return {
    onDragStart({ active }) {
      moved = false;
      const drag = dragOf(active, null);
      return drag ? `Picked up ${drag.name}.` : undefined;
    },
    onDragOver({ active, over }) {
      if (!moved && over?.id === active.id) return undefined;
      moved = true;
      const drag = dragOf(active, over);
      if (!drag) return undefined;
      if (!drag.place) return `${capitalised(drag.name)} is not over a place it can go.`;
      return `Moved ${drag.name} ${placeText(drag.tree, drag.item.kind, drag.place, false)}.`;
    },
    onDragEnd({ active, over }) {
      const drag = dragOf(active, over);
      if (!drag) return undefined;
      if (!drag.place) return `Dropped ${drag.name}. It stays where it was.`;
      return `Dropped ${drag.name} ${placeText(drag.tree, drag.item.kind, drag.place, true)}.`;
    },
    onDragCancel({ active }) {
      const drag = dragOf(active, null);
      return drag ? `Cancelled moving ${drag.name}. It stays where it was.` : undefined;
    },
  };
}

/** The sidebar rows carry their DragData (tree-dnd.ts); this reads it for the announcements. */
export const readTreeData = (entry: Active | Over | null): AnnouncedData | null =>
  (entry?.data.current as DragData | undefined) ?? null;

/** DndContext's `accessibility` prop: these announcements and instructions. */
export function dragAccessibility(
  model: () => DragModel,
  read: (entry: Active | Over | null) => AnnouncedData | null = readTreeData,
) {
  return { announcements: dragAnnouncements(model, read), screenReaderInstructions: dragInstructions };
}
