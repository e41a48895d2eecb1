import type { DragEndEvent } from '@dnd-kit/core';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useSyncExternalStore,
} from 'react';
import { beginKeyboardGesture, beginPointerGesture, replayGesture } from './drag-gesture.ts';
import type { TreeDndAccessibility } from './tree-dnd-kit.tsx';
import type { RowDrag } from './tree-row.tsx';

/**
 * dnd-kit on demand (docs/performance.md: the workspace's JavaScript). The notes sidebar renders its rows without
 * it; the first drag (a press that moves, or Space/Enter on a grip) downloads tree-dnd-kit.tsx and the
 * tree's own drop logic, the rows become sortable, and the gesture is replayed (drag-gesture.ts). Until
 * then a row looks, reads and behaves the same: the grip has the same name, role and instructions.
 *
 * The switch re-mounts the sidebar's lists under dnd-kit's context (a provider cannot be slid in above
 * mounted children), so what they hold that a person would miss is kept outside them: the scroll of
 * each `data-tree-scroll` pane (here), a collapsed parent (nested-tree.tsx), how far a long list had
 * grown (use-growing-window.ts).
 */

type TreeDndKit = typeof import('./tree-dnd-kit.tsx');

/** A module fetched once, on demand; a failed fetch is forgotten so the next drag tries again. */
export interface OnDemand<T> {
  load(): Promise<T>;
  current(): T | undefined;
  subscribe(notify: () => void): () => void;
}

export function onDemand<T>(fetch: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const subscribers = new Set<() => void>();
  return {
    load() {
      loading ??= fetch().then(
        (loaded) => {
          value = loaded;
          for (const notify of subscribers) notify();
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => value,
    subscribe(notify) {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
  };
}

const useOnDemand = <T,>(module: OnDemand<T>) =>
  useSyncExternalStore(module.subscribe, module.current, module.current);

const treeDndKit = onDemand(() => import('./tree-dnd-kit.tsx'));

/** What a tree does with a drop, and what a screen reader hears meanwhile. */
export interface TreeDragHandlers {
  onDragEnd(event: DragEndEvent): void;
  accessibility: TreeDndAccessibility;
}

/** A tree's drop logic as a hook, fetched with dnd-kit (its own chunk, for the same reason). */
export type DragLogic<I> = OnDemand<(input: I) => TreeDragHandlers>;

const Kit = createContext<TreeDndKit | null>(null);

/** For a view that imports dnd-kit anyway (todos): its rows are sortable from the start. */
export const TreeDndProvider = Kit.Provider;

/** dnd-kit's parts where the rows are sortable, else null. */
export function useTreeDnd() {
  return useContext(Kit);
}

interface StaticDrag {
  instructionsId: string;
  load(): Promise<unknown>;
}

const Static = createContext<StaticDrag | null>(null);

/** A row before dnd-kit: the grip described as the sortable one will be; a drag loads dnd-kit. */
export function useStaticRowDrag(id: string, disabled: boolean): RowDrag {
  const root = useContext(Static);
  const active = root !== null && !disabled;
  return {
    dragging: false,
    dropTarget: false,
    onRowPointerDown: (event) => {
      if (active) beginPointerGesture(id, event.nativeEvent, root.load);
    },
    handle: {
      'aria-roledescription': 'sortable',
      'aria-describedby': root?.instructionsId,
      'aria-disabled': disabled,
      onKeyDown: (event) => {
        if (active) beginKeyboardGesture(id, event.nativeEvent, root.load);
      },
    },
  };
}

interface TreeDndRootProps<I> {
  logic: DragLogic<I>;
  /** What the drop logic reads: the tree, its mutations, the open list. */
  input: I;
  /** The grips' instructions before dnd-kit is there (the same text it gets from `accessibility`). */
  instructions: string;
  children: ReactNode;
}

/** dnd-kit's context around a sidebar once it and the tree's drop logic are here; before, the stand-in. */
export function TreeDndRoot<I>(props: TreeDndRootProps<I>) {
  const kit = useOnDemand(treeDndKit);
  const useLogic = useOnDemand(props.logic);
  const instructionsId = useId();
  if (kit && useLogic) {
    return (
      <LoadedRoot kit={kit} useLogic={useLogic} input={props.input}>
        {props.children}
      </LoadedRoot>
    );
  }
  return (
    <StaticRoot instructionsId={instructionsId} logic={props.logic} kitArrived={kit !== undefined}>
      <div id={instructionsId} hidden>
        {props.instructions}
      </div>
      {props.children}
    </StaticRoot>
  );
}

const keptScroll = new Map<string, number>();

function StaticRoot<I>(props: {
  instructionsId: string;
  logic: DragLogic<I>;
  kitArrived: boolean;
  children: ReactNode;
}) {
  const { logic, kitArrived } = props;
  // The panes' scroll as it is when the lists are mounted again (scroll events do not bubble: captured).
  useEffect(() => {
    const keep = (event: Event) => {
      const pane = event.target;
      if (pane instanceof HTMLElement && pane.dataset.treeScroll)
        keptScroll.set(pane.dataset.treeScroll, pane.scrollTop);
    };
    document.addEventListener('scroll', keep, true);
    return () => document.removeEventListener('scroll', keep, true);
  }, []);
  // dnd-kit came with another view (todos): this tree's drop logic follows without waiting for a drag.
  useEffect(() => {
    if (kitArrived) logic.load().catch(() => undefined);
  }, [kitArrived, logic]);
  const value: StaticDrag = {
    instructionsId: props.instructionsId,
    load: () => Promise.all([treeDndKit.load(), logic.load()]),
  };
  return <Static.Provider value={value}>{props.children}</Static.Provider>;
}

function LoadedRoot<I>(props: {
  kit: TreeDndKit;
  useLogic(input: I): TreeDragHandlers;
  input: I;
  children: ReactNode;
}) {
  const { kit, useLogic } = props;
  const handlers = useLogic(props.input);
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
  return (
    <Kit.Provider value={kit}>
      <kit.TreeDndContext onDragEnd={handlers.onDragEnd} accessibility={handlers.accessibility}>
        {props.children}
      </kit.TreeDndContext>
    </Kit.Provider>
  );
}

/** dnd-kit's sortable list around rows once loaded; before, the rows alone. */
export function SortableRows(props: { items: string[]; children: ReactNode }) {
  const kit = useTreeDnd();
  return kit ? <kit.SortableList items={props.items}>{props.children}</kit.SortableList> : props.children;
}
