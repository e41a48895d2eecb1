import { randomUUID } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type {
  TodoCategoriesTable,
  TodoItemsTable,
  TodoSubtasksTable,
  TodosTable,
} from '../src/server/db/schema.ts';
import type { AppDeps } from '../src/server/deps.ts';

/** The benchmark's todos (docs/performance.md): 20 todos × 10 categories × 50 tasks × 4 subtasks = 10,000 tasks. */
export const todosShape = { todos: 20, categories: 10, tasks: 50, subtasks: 4 } as const;
/** In every 100th task's text (1%): what the search benchmark looks for. */
export const rareTaskWord = 'quokkaberry';

const words = ['call', 'email', 'review', 'draft', 'plan', 'book', 'pay', 'fix', 'order', 'clean', 'send'];
const things = ['report', 'invoice', 'dentist', 'flights', 'garden', 'budget', 'slides', 'car', 'groceries'];
const priorities = ['low', 'medium', 'high', 'urgent'] as const;

export interface SeededTodos {
  /** Category ids with their todo id and their task ids in order. */
  categories: Array<{ id: string; todoId: string; taskIds: string[] }>;
  subtaskIds: string[];
  tasks: number;
  seedMs: number;
}

/** Inserts every todo, category, task and subtask in one transaction and reports how long it took. */
export async function seedTodos(deps: AppDeps, userId: string): Promise<SeededTodos> {
  const at = new Date().toISOString();
  const todos: Array<Insertable<TodosTable>> = [];
  const categories: Array<Insertable<TodoCategoriesTable>> = [];
  const tasks: Array<Insertable<TodoItemsTable>> = [];
  const subtasks: Array<Insertable<TodoSubtasksTable>> = [];
  const seeded: SeededTodos['categories'] = [];
  for (let t = 0; t < todosShape.todos; t++) {
    const todoId = randomUUID();
    todos.push({
      id: todoId,
      user_id: userId,
      title: `List ${t + 1}`,
      color: '#10B981',
      position: t,
      created_at: at,
      updated_at: at,
    });
    for (let c = 0; c < todosShape.categories; c++) {
      const categoryId = randomUUID();
      const entry = { id: categoryId, todoId, taskIds: [] as string[] };
      seeded.push(entry);
      categories.push({
        id: categoryId,
        todo_id: todoId,
        user_id: userId,
        title: `Category ${c + 1}`,
        position: c,
        created_at: at,
        updated_at: at,
      });
      for (let i = 0; i < todosShape.tasks; i++) {
        const n = tasks.length;
        const taskId = randomUUID();
        entry.taskIds.push(taskId);
        const rare = n % 100 === 37 ? ` ${rareTaskWord}` : '';
        tasks.push({
          id: taskId,
          category_id: categoryId,
          todo_id: todoId,
          user_id: userId,
          text: `${words[n % words.length]} the ${things[(n * 7) % things.length]} #${n}${rare}`,
          completed: n % 3 === 0 ? 1 : 0,
          due_date: n % 2 === 0 ? `2025-${String((n % 12) + 1).padStart(2, '0')}-15` : null,
          priority: priorities[n % 4] ?? 'medium',
          estimated_time: n % 5 === 0 ? null : (n % 8) * 15 + 15,
          position: i,
          created_at: at,
          updated_at: at,
        });
        for (let s = 0; s < todosShape.subtasks; s++) {
          subtasks.push({
            id: randomUUID(),
            todo_item_id: taskId,
            user_id: userId,
            text: `step ${s + 1} of #${n}`,
            completed: n % 3 === 0 || s < n % 4 ? 1 : 0,
            position: s,
            created_at: at,
            updated_at: at,
          });
        }
      }
    }
  }

  const started = performance.now();
  await deps.database.db.transaction().execute(async (trx) => {
    await trx.insertInto('todos').values(todos).execute();
    await trx.insertInto('todo_categories').values(categories).execute();
    for (let i = 0; i < tasks.length; i += 500) {
      await trx
        .insertInto('todo_items')
        .values(tasks.slice(i, i + 500))
        .execute();
    }
    for (let i = 0; i < subtasks.length; i += 1000) {
      await trx
        .insertInto('todo_subtasks')
        .values(subtasks.slice(i, i + 1000))
        .execute();
    }
  });
  const seedMs = performance.now() - started;
  // As after a bulk load once autovacuum ran: the planner needs statistics to pick the right indexes.
  if (deps.database.engine === 'postgres') await sql`vacuum analyze`.execute(deps.database.db);
  return { categories: seeded, subtaskIds: subtasks.map((s) => s.id as string), tasks: tasks.length, seedMs };
}
