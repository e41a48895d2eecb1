import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type TodosApi, todosApiFor } from './todos-test-helpers.ts';

/**
 * A task's fields merge field by field (docs/client.md, Offline): two devices that read the task at
 * different times each change different fields, and both changes stay. A PATCH writes only the fields
 * it names, so a device's stale copy of the others never overwrites them.
 */
describe.each(testEngines)("two devices' changes to different fields of a task on %s", (engine) => {
  let ctx: TestContext;
  let laptop: TodosApi;
  let phone: TodosApi;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    const user = await signedInUser(ctx);
    laptop = todosApiFor(ctx, user.userId, user.cookies);
    phone = todosApiFor(ctx, user.userId, await signIn(ctx, user.email, user.password));
  });
  afterAll(() => ctx.close());

  const patch = async (device: TodosApi, id: string, body: object) => {
    const res = await device.request('PATCH', `/api/tasks/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('keeps a due date set on one device and a title set on the other', async () => {
    const todo = await laptop.createTodo();
    const task = await laptop.createTask(todo.id, { text: 'Buy bread' });
    // Both start from the same task; the phone changes the title only after the laptop's date landed.
    const phoneCopy = await phone.getTask(task.id);
    await patch(laptop, task.id, { dueDate: '2031-03-14' });
    expect(phoneCopy.dueDate).toBeNull();
    await patch(phone, task.id, { text: 'Buy rye bread' });

    for (const device of [laptop, phone]) {
      expect(await device.getTask(task.id)).toMatchObject({ text: 'Buy rye bread', dueDate: '2031-03-14' });
    }
  });

  it('keeps every field each device changed, whichever order they arrive in', async () => {
    const todo = await laptop.createTodo();
    const task = await laptop.createTask(todo.id, { text: 'Plan the trip', dueDate: '2031-05-01' });
    // The phone read the task before the laptop's changes; its changes name other fields.
    await phone.getTask(task.id);
    await patch(laptop, task.id, { dueTime: '09:30', priority: 'high', description: 'Ask about visas' });
    await patch(phone, task.id, { estimatedTime: 90, text: 'Plan the Lisbon trip' });
    await patch(laptop, task.id, { dueDate: '2031-05-02' });

    expect(await phone.getTask(task.id)).toMatchObject({
      text: 'Plan the Lisbon trip',
      dueDate: '2031-05-02',
      dueTime: '09:30',
      priority: 'high',
      description: 'Ask about visas',
      estimatedTime: 90,
      completed: false,
    });
  });
});
