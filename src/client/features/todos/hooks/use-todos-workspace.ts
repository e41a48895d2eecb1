import { useTreeRename } from '../../../components/tree/use-tree-rename.ts';
import { todosLevels } from '../todos-levels.ts';
import { useTaskCompletion } from './use-task-completion.ts';
import { useTaskEdit } from './use-task-edit.ts';
import { useTaskMutations } from './use-tasks.ts';
import { useTodosCreate } from './use-todos-create.ts';
import { useTodosDelete } from './use-todos-delete.ts';
import { useTodosNavigation } from './use-todos-navigation.ts';
import { useTodosTree, useTodosTreeMutations } from './use-todos-tree.ts';

/** The todos side of the workspace: tree, selection, writes, deletes and the completion rule. */
export function useTodosWorkspace(enabled: boolean) {
  const treeQuery = useTodosTree(enabled);
  const tree = treeQuery.data;
  const treeMutations = useTodosTreeMutations();
  const taskMutations = useTaskMutations();
  const navigation = useTodosNavigation(tree);
  const { unnamedTaskId, ...creating } = useTodosCreate({ tree, treeMutations, taskMutations, navigation });
  const deleting = useTodosDelete(tree, { tree: treeMutations, tasks: taskMutations }, navigation);
  const completion = useTaskCompletion(taskMutations, navigation.openTask);
  const editTask = useTaskEdit(taskMutations, unnamedTaskId);
  /** Opens a label's view (null: back to the category), for the palette and the search. */
  const showLabel = (labelId: string | null) =>
    navigation.showList(labelId ? { kind: 'label', labelId } : { kind: 'category' });
  /** Renames a todo or category from its tree row, with Undo. */
  const renameInTree = useTreeRename({
    levels: todosLevels(tree, () => undefined),
    renames: { todo: treeMutations.renameTodo, category: treeMutations.renameCategory },
    namingId: creating.namingId,
  });

  return {
    treeQuery,
    tree,
    treeMutations,
    taskMutations,
    ...navigation,
    ...deleting,
    ...completion,
    editTask,
    renameInTree,
    showLabel,
    ...creating,
  };
}

export type TodosWorkspace = ReturnType<typeof useTodosWorkspace>;
