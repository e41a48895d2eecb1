import { expect } from 'vitest';
import type { Reminder } from '../../../shared/schemas/reminder.ts';
import type { Task } from '../../../shared/schemas/task.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import type { TestContext } from '../../test/test-app.ts';
import { type TodosApi, todosApiFor } from '../todos/todos-test-helpers.ts';

/** A signed-in user (in `timeZone`, UTC by default) with a list to put tasks in. */
export async function reminderUser(ctx: TestContext, timeZone = 'UTC') {
  const user = await signedInUser(ctx, { timeZone });
  const api = todosApiFor(ctx, user.userId, user.cookies);
  const todo = await api.createTodo();
  return { ...user, api, todoId: todo.id };
}

/** `YYYY-MM-DD` and `HH:MM` (UTC) of the whole minute `ms` after the app's clock. */
export function dueIn(ctx: TestContext, ms: number): { dueDate: string; dueTime: string } {
  const at = new Date(Math.floor((ctx.clock.now.getTime() + ms) / 60_000) * 60_000).toISOString();
  return { dueDate: at.slice(0, 10), dueTime: at.slice(11, 16) };
}

export async function putReminders(api: TodosApi, task: Task, reminders: object[], status = 200) {
  const res = await api.request('PUT', `/api/tasks/${task.id}/reminders`, { reminders });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { reminders: Reminder[] };
}

export async function remindersOf(api: TodosApi, taskId: string): Promise<Reminder[]> {
  const res = await api.request('GET', `/api/tasks/${taskId}/reminders`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { reminders: Reminder[] }).reminders;
}
