import { messages } from '../../../../shared/messages.ts';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.tsx';
import type { TodosWorkspace } from '../hooks/use-todos-workspace.ts';

const text = {
  todo: { title: 'Delete todo?', description: messages.todos.deleteTodo },
  category: { title: 'Delete category?', description: messages.todos.deleteCategory },
  task: { title: 'Delete task?', description: messages.todos.deleteTask },
};

/** The confirmation before a todo, category or task goes, naming what goes with it (docs/PRODUCT.md §2). */
export function TodosDeleteDialog({ todos }: { todos: TodosWorkspace }) {
  const request = todos.pendingDelete;
  return (
    <ConfirmDelete
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) todos.setPendingDelete(null);
      }}
      title={request ? text[request.kind].title : ''}
      description={request ? text[request.kind].description : ''}
      onConfirm={todos.confirmDelete}
    />
  );
}
