import { labelColors, pickRandomColor, todoColors } from '../../../shared/domain/colors.ts';
import { defaultPriority } from '../../../shared/domain/task-display.ts';
import { messages } from '../../../shared/messages.ts';
import type { Label } from '../../../shared/schemas/label.ts';
import { labelNameKey } from '../../../shared/schemas/label-name.ts';
import type { CreateTaskBody, Subtask, TaskListItem } from '../../../shared/schemas/task.ts';
import type { Category, Todo, TodosTree } from '../../../shared/schemas/todo.ts';

/**
 * New lists, categories, tasks, subtasks and labels as the server will hold them, made here so they show
 * (and can be named, opened, completed) before it answers: the client's id, the server's defaults (the
 * shared messages and constants), the end of their list (the server appends at max(position) + 1, and
 * positions are 0..n-1). Colours are picked here and sent, so both sides have the same one.
 */

const stamps = (now: Date) => ({ createdAt: now.toISOString(), updatedAt: now.toISOString() });

export function newTodo(tree: TodosTree | undefined, now = new Date()): Todo {
  return {
    id: crypto.randomUUID(),
    title: messages.todos.newTodo,
    color: pickRandomColor(todoColors),
    position: tree?.todos.length ?? 0,
    ...stamps(now),
  };
}

export function newCategory(tree: TodosTree | undefined, todoId: string, now = new Date()): Category {
  const todo = tree?.todos.find((t) => t.id === todoId);
  return {
    id: crypto.randomUUID(),
    todoId,
    title: messages.todos.newCategory,
    position: todo?.categories.length ?? 0,
    ...stamps(now),
  };
}

/** What a new task's row needs to know beside its create body. */
export interface NewTaskPlace {
  /** How many tasks the category holds now (its list's length, or the tree's counts). */
  count: number;
  /** The account's labels, when loaded: `#errands` shows as the label it names. */
  labels: readonly Label[] | undefined;
}

/**
 * A task as the server will make it from `body`. Two things only the server can work out are shown as
 * best known until its answer: a repeat's first due date when none was given (the account's zone), and
 * labels named by `#name` that do not exist yet.
 */
export function newTask(
  body: CreateTaskBody & { categoryId: string },
  place: NewTaskPlace,
  now = new Date(),
): TaskListItem {
  const known = new Map((place.labels ?? []).map((label) => [labelNameKey(label.name), label.id]));
  const named = (body.labelNames ?? []).flatMap((name) => known.get(labelNameKey(name)) ?? []);
  const dueDate = body.dueDate ?? null;
  return {
    id: crypto.randomUUID(),
    todoId: body.todoId,
    categoryId: body.categoryId,
    text: body.text ?? messages.todos.newTask,
    completed: false,
    dueDate,
    dueTime: dueDate ? (body.dueTime ?? null) : null,
    description: '',
    priority: body.priority ?? defaultPriority,
    estimatedTime: null,
    position: place.count,
    ...stamps(now),
    labelIds: [...new Set([...(body.labelIds ?? []), ...named])],
    repeat: body.repeat ? { rule: body.repeat.rule, mode: body.repeat.mode } : null,
    subtasksCompleted: 0,
    subtasksTotal: 0,
  };
}

export function newSubtask(taskId: string, text: string, count: number, now = new Date()): Subtask {
  return { id: crypto.randomUUID(), taskId, text, completed: false, position: count, ...stamps(now) };
}

export function newLabel(name: string, now = new Date()): Label {
  return {
    id: crypto.randomUUID(),
    // The server keeps the name trimmed (labelNameField).
    name: name.trim(),
    color: pickRandomColor(labelColors),
    taskCount: 0,
    ...stamps(now),
  };
}
