import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label, LabelsResponse, LabelTasksResponse } from '../../../shared/schemas/label.ts';
import { type SessionCookies, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type TodosApi, todosApiFor } from '../todos/todos-test-helpers.ts';
import { backupRateLimits } from './backup.routes.ts';
import { type BackupFile, emptyFile, exportFile, importFile, importRequest } from './backup-test-helpers.ts';

interface User {
  userId: string;
  cookies: SessionCookies;
  api: TodosApi;
}

async function newUser(ctx: TestContext): Promise<User> {
  const user = await signedInUser(ctx);
  return { ...user, api: todosApiFor(ctx, user.userId, user.cookies) };
}

async function labelsOf(user: User): Promise<Label[]> {
  const res = await user.api.request('GET', '/api/labels');
  return (res.json() as LabelsResponse).labels;
}

async function labelledTexts(user: User, label: Label): Promise<string[]> {
  const res = await user.api.request('GET', `/api/labels/${label.id}/tasks`);
  return (res.json() as LabelTasksResponse).tasks.map((task) => task.text);
}

async function createLabel(user: User, name: string, color = '#8B5CF6'): Promise<Label> {
  const res = await user.api.request('POST', '/api/labels', { name, color });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Label;
}

/** Labels survive an export and an import: the file carries `labels` and `taskLabels`. */
describe.each(testEngines)('labels in the backup file on %s', (engine) => {
  let ctx: TestContext;
  let alice: User;
  let file: BackupFile;

  beforeAll(async () => {
    backupRateLimits.import.max = 1000;
    ctx = await buildTestApp(engine);
    alice = await newUser(ctx);
    const list = await alice.api.createTodo({ title: 'Home' });
    const milk = await alice.api.createTask(list.id, { text: 'Buy milk' });
    const tap = await alice.api.createTask(list.id, { text: 'Fix the tap' });
    const errands = await createLabel(alice, 'Errands', '#F59E0B');
    const house = await createLabel(alice, 'House');
    await createLabel(alice, 'Unused');
    await alice.api.request('PATCH', `/api/tasks/${milk.id}`, { labelIds: [errands.id, house.id] });
    await alice.api.request('PATCH', `/api/tasks/${tap.id}`, { labelIds: [house.id] });
    file = await exportFile(ctx, alice.cookies);
  });
  afterAll(() => ctx.close());

  it('exports the labels by name and which task has which', () => {
    expect(file.labels.map((row) => [row.name, row.color])).toEqual([
      ['Errands', '#F59E0B'],
      ['House', '#8B5CF6'],
      ['Unused', '#8B5CF6'],
    ]);
    expect(file.taskLabels).toHaveLength(3);
    const taskIds = new Set(file.todoItems.map((row) => row.id));
    const labelIds = new Set(file.labels.map((row) => row.id));
    for (const row of file.taskLabels) {
      expect(taskIds.has(row.task_id)).toBe(true);
      expect(labelIds.has(row.label_id)).toBe(true);
    }
  });

  it('imports them into another account with new ids', async () => {
    const carol = await newUser(ctx);
    const result = await importFile(ctx, carol.cookies, file);
    expect(result.counts).toMatchObject({ todoItems: 2, labels: 3, taskLabels: 3 });
    const labels = await labelsOf(carol);
    expect(labels.map((l) => [l.name, l.color, l.taskCount])).toEqual([
      ['Errands', '#F59E0B', 1],
      ['House', '#8B5CF6', 2],
      ['Unused', '#8B5CF6', 0],
    ]);
    const oldIds = new Set(file.labels.map((row) => row.id));
    for (const label of labels) expect(oldIds.has(label.id)).toBe(false);
    const house = labels.find((l) => l.name === 'House') as Label;
    expect((await labelledTexts(carol, house)).sort()).toEqual(['Buy milk', 'Fix the tap']);
  });

  it('joins a label the account already has, whatever its case, instead of clashing with it', async () => {
    const dave = await newUser(ctx);
    const own = await createLabel(dave, 'errands', '#EF4444');
    const dry = await importFile(ctx, dave.cookies, file, { dryRun: true });
    // The preview counts what the import will create: Errands joins the account's own label.
    expect(dry.counts).toMatchObject({ labels: 2, taskLabels: 3 });
    await importFile(ctx, dave.cookies, file);
    const labels = await labelsOf(dave);
    expect(labels.map((l) => [l.name, l.taskCount])).toEqual([
      ['errands', 1],
      ['House', 2],
      ['Unused', 0],
    ]);
    expect(await labelledTexts(dave, own)).toEqual(['Buy milk']);
    // A second import of the same file adds the tasks again, on the same labels.
    await importFile(ctx, dave.cookies, file);
    expect((await labelsOf(dave)).map((l) => [l.name, l.taskCount])).toEqual([
      ['errands', 2],
      ['House', 4],
      ['Unused', 0],
    ]);
  });

  it('replaces the labels when the import clears the account first', async () => {
    const erin = await newUser(ctx);
    await createLabel(erin, 'Old label');
    await importFile(ctx, erin.cookies, file, { clearExisting: true });
    expect((await labelsOf(erin)).map((l) => l.name)).toEqual(['Errands', 'House', 'Unused']);
  });

  it('writes a pair listed twice once, and skips a pair whose task or label is not in the file', async () => {
    const frank = await newUser(ctx);
    const first = file.taskLabels[0] as { task_id: string; label_id: string };
    const result = await importFile(ctx, frank.cookies, {
      ...file,
      taskLabels: [...file.taskLabels, first, { task_id: 'missing', label_id: first.label_id }],
    });
    expect(result.skipped).toEqual([
      { array: 'taskLabels', index: 4, reason: 'Its task is not in the file' },
    ]);
    expect(result.counts.taskLabels).toBe(3);
    expect((await labelsOf(frank)).map((l) => l.taskCount)).toEqual([1, 2, 0]);
  });

  it('still imports a 1.0.0 file written before labels existed', async () => {
    const gina = await newUser(ctx);
    const { labels: _labels, taskLabels: _taskLabels, ...old } = file;
    const result = await importFile(ctx, gina.cookies, old);
    expect(result.counts.todoItems).toBe(2);
    expect(await labelsOf(gina)).toEqual([]);
    const empty = await importFile(
      ctx,
      gina.cookies,
      (({ labels: _l, taskLabels: _t, ...rest }) => rest)(emptyFile()),
    );
    expect(empty.skippedCount).toBe(0);
  });

  it('refuses a label with an empty name, naming the array, and writes nothing', async () => {
    const hank = await newUser(ctx);
    const bad = { ...file, labels: [...file.labels, { id: 'x', name: '   ', color: '#10B981' }] };
    const res = await importRequest(ctx, hank.cookies, bad);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('labels');
    expect(await labelsOf(hank)).toEqual([]);
    expect((await hank.api.tree()).todos).toEqual([]);
  });
});
