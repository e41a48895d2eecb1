import type { DragEndEvent } from '@dnd-kit/core';
import {
  createContext,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useSyncExternalStore,
} from 'react';
import { beginKeyboardGesture, beginPointerGesture, replayGesture } from './drag-gesture.ts';
import type { TreeDndAccessibility } from './tree-dnd-kit.tsx';
import type { RowDrag } from './tree-row.tsx';

/**
 * dnd-kit on demand (issue 14: the workspace's JavaScript). The notes sidebar renders its rows without
 * it; the first drag (a press that moves, or Space/Enter on a grip) downloads tree-dnd-kit.tsx, the rows
 * become sortable, and the gesture is replayed (drag-gesture.ts). Until then a row looks, reads and
 * behaves the same: the grip has the same name, role description and instructions.
 *
 * The switch re-mounts the sidebar's lists under dnd-kit's context (a provider cannot be slid in above
 * mounted children), so what they hold that a person would miss is kept outside them: the scroll of
 * each `data-tree-scroll` pane (here), a collapsed parent (nested-tree.tsx), how far a long list had
 * grown (use-growing-window.ts).
 */

type TreeDndKit = typeof import('./tree-dnd-kit.tsx');

let kit: TreeDndKit | null = null;
let loading: Promise<TreeDndKit> | null = null;
const subscribers = new Set<() => void>();
const keptScroll = new Map<string, number>();

/** Makes the rows sortable: from the download below, or from a view that imports dnd-kit anyway. */
export function provideTreeDnd(module: TreeDndKit) {
  if (kit) return;
  for (const pane of document.querySelectorAll<HTMLElement>('[data-tree-scroll]')) {
    keptScroll.set(pane.dataset.treeScroll ?? '', pane.scrollTop);
  }
  kit = module;
  for (const notify of subscribers) notify();
}

export function loadTreeDnd(): Promise<TreeDndKit> {
  loading ??= import('./tree-dnd-kit.tsx').then(
    (module) => {
      provideTreeDnd(module);
      return module;
    },
    (error: unknown) => {
      loading = null; // offline: the next drag tries again
      throw error;
    },
  );
  return loading;
}

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
};
const current = () => kit;

/** dnd-kit's parts once loaded, else null. */
export function useTreeDnd() {
  return useSyncExternalStore(subscribe, current, current);
}

const Instructions = createContext<string | undefined>(undefined);

/** A row before dnd-kit: the grip described as the sortable one will be; a drag loads dnd-kit. */
export function useStaticRowDrag(id: string, disabled: boolean): RowDrag {
  const instructions = useContext(Instructions);
  return {
    dragging: false,
    dropTarget: false,
    onRowPointerDown: (event) => {
      if (!disabled) beginPointerGesture(id, event.nativeEvent, loadTreeDnd);
    },
    handle: {
      'aria-roledescription': 'sortable',
      'aria-describedby': instructions,
      'aria-disabled': disabled,
      onKeyDown: (event) => {
        if (!disabled) beginKeyboardGesture(id, event.nativeEvent, loadTreeDnd);
      },
    },
  };
}

interface TreeDndRootProps {
  onDragEnd(event: DragEndEvent): void;
  accessibility: TreeDndAccessibility;
  children: ReactNode;
}

/** dnd-kit's context around a sidebar once loaded; before, the grips' instructions. */
export function TreeDndRoot(props: TreeDndRootProps) {
  const loaded = useTreeDnd();
  const instructionsId = useId();
  if (loaded) return <LoadedRoot kit={loaded} {...props} />;
  return (
    <Instructions.Provider value={instructionsId}>
      <div id={instructionsId} hidden>
        {props.accessibility.screenReaderInstructions.draggable}
      </div>
      {props.children}
    </Instructions.Provider>
  );
}

function LoadedRoot({ kit: loaded, ...props }: TreeDndRootProps & { kit: TreeDndKit }) {
  // The lists have just been mounted again (see above): back to where they were scrolled, then the
  // drag that loaded dnd-kit goes on.
  useLayoutEffect(() => {
    for (const pane of document.querySelectorAll<HTMLElement>('[data-tree-scroll]')) {
      const top = keptScroll.get(pane.dataset.treeScroll ?? '');
      if (top !== undefined) pane.scrollTop = top;
    }
    keptScroll.clear();
    void replayGesture();
  }, []);
  return <loaded.TreeDndContext {...props} />;
}

/** dnd-kit's sortable list around rows once loaded; before, the rows alone. */
export function SortableRows(props: { items: string[]; children: ReactNode }) {
  const loaded = useTreeDnd();
  return loaded ? (
    <loaded.SortableList items={props.items}>{props.children}</loaded.SortableList>
  ) : (
    props.children
  );
}
