import { useCallback, useState } from 'react';
import { readLocal, writeLocal } from '../../../lib/local-store.ts';
import type { TodoSelection } from '../../todos/index.ts';
import { useDeepLink, useTodosWorkspace } from '../../todos/index.ts';

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
    // Asked for in this page, not restored from the device's copy (which keeps its original time).
    todos.treeQuery.dataUpdatedAt >= performance.timeOrigin,
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
