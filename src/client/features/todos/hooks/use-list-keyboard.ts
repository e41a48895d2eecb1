import type { KeyboardEvent } from 'react';
import { isTextField } from '../../../lib/keyboard.ts';

/** A task list's rows as the keyboard walks them: each `li` says its task, its open button too. */
export const taskRowAttribute = 'data-task-row';
export const taskOpenAttribute = 'data-task-open';

/** Puts focus on a task's row (its open button), once it is on screen. */
export function focusTaskRow(id: string) {
  requestAnimationFrame(() => {
    const button = document.querySelector<HTMLElement>(`[${taskOpenAttribute}="${CSS.escape(id)}"]`);
    button?.focus();
  });
}

export interface ListKeyboardActions<T extends { id: string }> {
  items: readonly T[];
  onOpen(item: T): void;
  onToggle(item: T): void;
  onEdit(item: T): void;
}

/**
 * The list's keys, on the list element: ArrowDown/j and ArrowUp/k move between rows, Enter opens (the
 * row's button does that itself), x completes or reopens, e edits the title. Keys typed into a field,
 * or pressed on a drag handle (which moves the row with the arrows), are left alone.
 */
export function useListKeyboard<T extends { id: string }>(actions: ListKeyboardActions<T>) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const { target } = event;
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!(target instanceof HTMLElement) || isTextField(target) || target.closest('[aria-roledescription]')) {
      return;
    }
    const id = target.closest(`[${taskRowAttribute}]`)?.getAttribute(taskRowAttribute);
    if (!id) return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${taskOpenAttribute}]`)];
    const index = buttons.findIndex((button) => button.getAttribute(taskOpenAttribute) === id);
    const item = actions.items.find((candidate) => candidate.id === id);
    const move = (step: number) => buttons[Math.min(Math.max(index + step, 0), buttons.length - 1)]?.focus();
    const act = (action: (item: T) => void) => item && action(item);
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        move(1);
        break;
      case 'ArrowUp':
      case 'k':
        move(-1);
        break;
      case 'x':
        act(actions.onToggle);
        break;
      case 'e':
        act(actions.onEdit);
        break;
      default:
        return;
    }
    event.preventDefault();
  };
}
