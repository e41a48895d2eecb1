import { useEffect, useRef } from 'react';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { useSearchParams } from '../../../lib/router.tsx';
import { todosApi } from '../api.ts';
import type { TodoSelection } from './use-todo-selection.ts';

const keys = ['todo', 'category', 'item'] as const;

/**
 * Deep links `/app?todo=&category=&item=` (docs/PRODUCT.md §2.1), as written into .ics files: each id is checked to
 * exist — the todo and category against the tree, the task through the API (404 for a missing or
 * foreign one). When all hold, the workspace switches to todos and selects them; either way the
 * parameters are cleared, and a broken link is logged and leaves the workspace as it was.
 */
export function useDeepLink(
  tree: TodosTree | undefined,
  /** The tree came from the server in this visit (not only from the device's offline copy). */
  current: boolean,
  open: (selection: TodoSelection) => void,
) {
  const [params, setParams] = useSearchParams();
  const link = useRef(keys.map((key) => params.get(key)));
  const handled = useRef(false);
  const wanted = link.current.some((value) => value !== null);

  useEffect(() => {
    if (!wanted || handled.current || !tree) return;
    const [todoId, categoryId, itemId] = link.current;
    const todo = tree.todos.find((t) => t.id === todoId);
    const category = todo?.categories.find((c) => c.id === categoryId);
    // The copy kept on the device may predate the task (made since on another device, as the calendar
    // entry was): only the server's tree may say the link is broken.
    if ((!todo || !category) && !current) return;
    handled.current = true;
    const clear = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of keys) next.delete(key);
          return next;
        },
        { replace: true },
      );
    if (!todo || !category || !itemId) {
      console.warn('Deep link: the todo or category does not exist', { todoId, categoryId, itemId });
      clear();
      return;
    }
    todosApi.task(itemId).then(
      (task) => {
        if (task.categoryId === category.id) {
          open({ todoId: todo.id, categoryId: category.id, taskId: task.id });
        } else console.warn('Deep link: the task is not in that category', { itemId });
        clear();
      },
      (error: unknown) => {
        console.warn('Deep link: the task does not exist', { itemId, error });
        clear();
      },
    );
  }, [wanted, tree, current, open, setParams]);

  return wanted;
}
