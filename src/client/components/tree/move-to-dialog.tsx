import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { useFocusReturn } from '../ui/focus-return.ts';
import type { DragData, DragKind } from './tree-dnd.ts';
import { type TreeDropPorts, useTreeMove } from './use-tree-drop.ts';

/** A parent a row may move to, under its own parent (a section of a notebook, a category of a list). */
export interface MoveGroup {
  id: string;
  title: string;
  children: Array<{ id: string; title: string }>;
}

export interface MoveToProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What the row is called: "page", "task". */
  noun: string;
  name: string;
  /** The row that moves; its `parentId` is preselected and is no move. */
  row: DragData;
  /** The kind of the parents offered ("section", "category"); each group's id is their own parent. */
  parentKind: DragKind;
  groups: MoveGroup[];
  /** The tree's moves, as its drag uses them: the same request and Undo. */
  ports: TreeDropPorts<{ id: string }>;
}

/**
 * `Move to…` (loaded by move-to.tsx the first time it opens): the destinations as radio buttons grouped
 * under their parents, large enough to tap, so a row moves without a drag or a keyboard. Radix Dialog
 * keeps focus inside and returns it to the row's menu button.
 */
export function MoveToDialog({
  open,
  onOpenChange,
  noun,
  name,
  row,
  parentKind,
  groups,
  ports,
}: MoveToProps) {
  const returnFocus = useFocusReturn(open);
  // Here rather than with the tree: the drop planner downloads with the dialog, or with the first drag.
  const move = useTreeMove(ports);
  const currentParentId = row.parentId;
  const [chosen, setChosen] = useState(row.parentId);
  const groupName = useId();
  const words = messages.moveTo;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => returnFocus(event, false)}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {words.title(noun, name)}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-6 text-slate-600">
            {words.description(noun)}
          </Dialog.Description>
          <form
            className="mt-4 flex min-h-0 flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              const group = groups.find((g) => g.children.some((child) => child.id === chosen));
              if (group && chosen && chosen !== currentParentId)
                move(row, { kind: parentKind, id: chosen, parentId: group.id });
              onOpenChange(false);
            }}
          >
            <fieldset className="min-h-0 space-y-3 overflow-y-auto rounded-lg border border-slate-200 p-2">
              <legend className="sr-only">{words.destinations}</legend>
              {groups.map((group) => (
                <fieldset key={group.id}>
                  <legend className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    {group.title}
                  </legend>
                  {group.children.map((child) => (
                    <label
                      key={child.id}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-slate-800 hover:bg-slate-100 has-[:checked]:bg-blue-50"
                    >
                      <input
                        type="radio"
                        name={groupName}
                        value={child.id}
                        checked={chosen === child.id}
                        onChange={() => setChosen(child.id)}
                        className="h-4 w-4 accent-blue-600"
                      />
                      <span className="min-w-0 flex-1 truncate">
                        {child.title}
                        {child.id === currentParentId && (
                          <span className="text-slate-600"> {words.current}</span>
                        )}
                      </span>
                    </label>
                  ))}
                </fieldset>
              ))}
            </fieldset>
            <div className="mt-6 flex justify-end gap-2">
              <Dialog.Close className="rounded-lg px-3.5 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
                {words.cancel}
              </Dialog.Close>
              <button
                type="submit"
                disabled={chosen === currentParentId}
                className="rounded-lg bg-blue-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50"
              >
                {words.confirm}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
