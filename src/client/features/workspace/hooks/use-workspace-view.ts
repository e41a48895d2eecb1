import { useCallback, useState } from 'react';
import { readLocal, writeLocal } from '../../../lib/local-store.ts';
import { useDeepLink } from '../../todos/hooks/use-deep-link.ts';
import type { TodoSelection } from '../../todos/hooks/use-todo-selection.ts';
import { useTodosWorkspace } from '../../todos/hooks/use-todos-workspace.ts';

export type WorkspaceView = 'notes' | 'todos';

const viewStorageKey = 'jotlist-workspace-view';
const storedView = (): WorkspaceView => (readLocal(viewStorageKey) === 'todos' ? 'todos' : 'notes');

/**
 * Which view the shell shows (Notes or Todos, remembered on this device), and the todos side, whose
 * deep links (`/app?todo=&category=&item=`) switch the shell to Todos.
 */
export function useWorkspaceView() {
  const [view, setViewState] = useState<WorkspaceView>(storedView);
  const setView = useCallback((next: WorkspaceView) => {
    setViewState(next);
    writeLocal(viewStorageKey, next);
  }, []);
  const todos = useTodosWorkspace(true);
  const { select: selectTodo } = todos;
  useDeepLink(
    todos.tree,
    useCallback(
      (target: TodoSelection) => {
        setView('todos');
        selectTodo(target);
      },
      [setView, selectTodo],
    ),
  );
  return { view, setView, todos };
}
