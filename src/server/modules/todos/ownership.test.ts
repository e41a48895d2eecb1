import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { newTodosApi, type TodosApi } from './todos-test-helpers.ts';

/**
 * Another user's todos, categories, tasks and subtasks answer 404, exactly like ids that do not exist,
 * on every endpoint; and the owner's data is untouched afterwards.
 */
describe.each(testEngines)("another user's todos on %s", (engine) => {
  let ctx: TestContext;
  let owner: TodosApi;
  let intruder: TodosApi;
  const ids = {
    todo: '',
    category: '',
    task: '',
    subtask: '',
    intruderTodo: '',
    intruderCategory: '',
    intruderTask: '',
  };
  let snapshot: () => Promise<unknown>;
  let before: unknown;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    owner = await newTodosApi(ctx);
    intruder = await newTodosApi(ctx);
    const todo = await owner.createTodo({ title: 'Private' });
    const category = await owner.createCategory(todo.id, { title: 'Secret plans' });
    const task = await owner.createTask(todo.id, { categoryId: category.id, text: 'secret task' });
    const subtask = await owner.addSubtask(task.id, 'secret step');
    const intruderTodo = await intruder.createTodo();
    const intruderCategory = await intruder.createCategory(intruderTodo.id);
    const intruderTask = await intruder.createTask(intruderTodo.id, { categoryId: intruderCategory.id });
    Object.assign(ids, {
      todo: todo.id,
      category: category.id,
      task: task.id,
      subtask: subtask.id,
      intruderTodo: intruderTodo.id,
      intruderCategory: intruderCategory.id,
      intruderTask: intruderTask.id,
    });
    snapshot = async () => ({
      tree: await owner.tree(),
      tasks: await owner.tasksOf(ids.category),
      task: await owner.getTask(ids.task),
    });
    before = await snapshot();
  });
  afterAll(() => ctx.close());

  type Attempt = ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?];
  const attempts: Array<[string, () => Attempt]> = [
    ['rename a todo', () => ['PATCH', `/api/todos/${ids.todo}`, { title: 'Mine now' }]],
    ['delete a todo', () => ['DELETE', `/api/todos/${ids.todo}`]],
    ['order todos', () => ['PUT', '/api/todos/order', { ids: [ids.intruderTodo, ids.todo] }]],
    [
      "order a todo's categories",
      () => ['PUT', `/api/todos/${ids.todo}/categories/order`, { ids: [ids.category] }],
    ],
    [
      'take a category into their todo',
      () => [
        'PUT',
        `/api/todos/${ids.intruderTodo}/categories/order`,
        { ids: [ids.intruderCategory, ids.category] },
      ],
    ],
    ['add a category to a todo', () => ['POST', '/api/categories', { todoId: ids.todo }]],
    ['rename a category', () => ['PATCH', `/api/categories/${ids.category}`, { title: 'Mine' }]],
    ['delete a category', () => ['DELETE', `/api/categories/${ids.category}`]],
    ["list a category's tasks", () => ['GET', `/api/categories/${ids.category}/tasks`]],
    [
      "order a category's tasks",
      () => ['PUT', `/api/categories/${ids.category}/tasks/order`, { ids: [ids.task] }],
    ],
    [
      'take a task into their category',
      () => [
        'PUT',
        `/api/categories/${ids.intruderCategory}/tasks/order`,
        { ids: [ids.intruderTask, ids.task] },
      ],
    ],
    ['add a task to a todo', () => ['POST', '/api/tasks', { todoId: ids.todo }]],
    [
      'add a task to a category',
      () => ['POST', '/api/tasks', { todoId: ids.todo, categoryId: ids.category }],
    ],
    [
      'add a task to their todo in a foreign category',
      () => ['POST', '/api/tasks', { todoId: ids.intruderTodo, categoryId: ids.category }],
    ],
    ['read a task', () => ['GET', `/api/tasks/${ids.task}`]],
    ['edit a task', () => ['PATCH', `/api/tasks/${ids.task}`, { text: 'hijacked' }]],
    ['complete a task', () => ['PATCH', `/api/tasks/${ids.task}`, { completed: true }]],
    ['delete a task', () => ['DELETE', `/api/tasks/${ids.task}`]],
    ['add a subtask', () => ['POST', `/api/tasks/${ids.task}/subtasks`, { text: 'mine' }]],
    [
      "order a task's subtasks",
      () => ['PUT', `/api/tasks/${ids.task}/subtasks/order`, { ids: [ids.subtask] }],
    ],
    ['edit a subtask', () => ['PATCH', `/api/subtasks/${ids.subtask}`, { completed: true }]],
    ['delete a subtask', () => ['DELETE', `/api/subtasks/${ids.subtask}`]],
  ];

  it.each(attempts)('cannot %s (404) and changes nothing', async (_name, attempt) => {
    const [method, url, payload] = attempt();
    expectError(await intruder.request(method, url, payload), 404, 'not_found');
    expect(await snapshot()).toEqual(before);
  });

  it("never sees the owner's rows in their tree", async () => {
    const tree = await intruder.tree();
    expect(tree.todos.map((todo) => todo.id)).toEqual([ids.intruderTodo]);
    expect(tree.todos[0]?.categories.map((c) => c.id)).toEqual([ids.intruderCategory]);
  });
});
