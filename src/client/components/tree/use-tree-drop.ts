import type { DragEndEvent } from '@dnd-kit/core';
import { useCallback } from 'react';
import { messages } from '../../../shared/messages.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { type MovePlan, planDrop, planUndo, type TreeMove } from './drop-planner.ts';
import { type DragData, dataOf, dragId, rowNoun } from './tree-dnd.ts';
import type { TreeLevels } from './tree-levels.ts';

/** What a tree gives its drop: its levels, read from its caches, and its API calls. */
export interface TreeDropPorts<Leaf extends { id: string }> {
  /** The levels as the caches hold them now: read at the drop, and again when Undo is pressed. */
  levels(): TreeLevels<Leaf>;
  /** Sends a move (optimistic, rolled back with a toast on failure); `onSuccess` once the server has it. */
  order(move: TreeMove, onSuccess?: () => void): void;
  /** Asks for a parent's leaves: a parent's order names every leaf it holds. */
  loadLeaves(parentId: string): Promise<unknown>;
}

/**
 * Moves the row `from` as if dropped on `to` (a sibling, or a parent row: then to that parent's end),
 * sent, then offered for Undo. A leaf moved to a parent not opened yet waits for that parent's leaves,
 * and goes to their end. The drop of a drag and the `Move to…` dialog both move through it.
 * `ports` should keep its identity between renders where it can (the function is memoised on it).
 */
export function useTreeMove<Leaf extends { id: string }>(ports: TreeDropPorts<Leaf>) {
  const { offerUndo } = useToasts();
  return useCallback(
    (from: DragData, to: DragData) => {
      const send = (plan: MovePlan) =>
        ports.order(plan.move, () =>
          offerUndo({
            message: messages.undo.moved(rowNoun[plan.move.kind], plan.title),
            targets: [dragId(plan.move.kind, plan.move.id)],
            undo: () => {
              const back = planUndo(ports.levels(), plan);
              if (back) ports.order(back);
            },
          }),
        );
      const plan = planDrop(ports.levels(), from, to);
      if (plan === null) return;
      if (!('load' in plan)) return send(plan);
      void ports.loadLeaves(plan.load).then(
        () => {
          const loaded = planDrop(ports.levels(), from, to);
          if (loaded && !('load' in loaded)) send(loaded);
        },
        () => undefined,
      );
    },
    [ports, offerUndo],
  );
}

/** A sidebar tree's onDragEnd: the dragged row moved onto the row it was dropped on (useTreeMove). */
export function useTreeDrop<Leaf extends { id: string }>(ports: TreeDropPorts<Leaf>) {
  const move = useTreeMove(ports);
  return useCallback(
    (event: DragEndEvent) => {
      const from = dataOf(event.active);
      const to = dataOf(event.over);
      if (from && to) move(from, to);
    },
    [move],
  );
}
