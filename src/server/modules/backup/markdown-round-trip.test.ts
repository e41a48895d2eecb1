import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFile } from '../../test/attachment-helpers.ts';
import { asUser, type SessionCookies, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { apiFor } from '../notes/notes-test-helpers.ts';
import { todosApiFor } from '../todos/todos-test-helpers.ts';
import { backupRateLimits } from './backup.routes.ts';
import { warmImportWorker } from './backup-import-thread.ts';
import { type BackupFile, exportFile } from './backup-test-helpers.ts';

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(3000)]);
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300 * 1024)]);

type User = { userId: string; cookies: SessionCookies };
type Row = Record<string, unknown>;

/**
 * The Markdown round trip (docs/backup.md): an account exported as Markdown (GET /api/export/markdown) and that zip
 * imported into another account (POST /api/backup/import) give the same tree, the same text and the same
 * files. Compared through each account's JSON export, files by their bytes (their ids differ).
 */
describe.each(testEngines)('Markdown export then import on %s', (engine) => {
  let ctx: TestContext;

  beforeAll(async () => {
    backupRateLimits.import.max = 1000;
    ctx = await buildTestApp(engine);
    await warmImportWorker();
  });
  afterAll(() => ctx.close());

  const upload = (who: User, name: string, type: string, body: Buffer) =>
    uploadedFile(ctx, who, name, type, body);

  /** A page's text with each file's address replaced by a digest of its bytes. */
  async function portable(who: User, content: string): Promise<string> {
    let out = content;
    for (const [url] of content.matchAll(/\/api\/attachments\/[0-9a-f-]{36}/g)) {
      const res = await ctx.app.inject({ method: 'GET', url, ...asUser(who.cookies) });
      expect(res.statusCode, url).toBe(200);
      out = out.replace(url, `file:${createHash('sha256').update(res.rawPayload).digest('hex')}`);
    }
    return out;
  }

  /** What the round trip keeps: names, order, page text and dates, files, the to-do lists' fields. */
  async function account(who: User) {
    const file: BackupFile = await exportFile(ctx, who.cookies);
    const children = (rows: Row[], key: string, id: unknown) =>
      rows.filter((row) => row[key] === id).sort((a, b) => Number(a.position) - Number(b.position));
    const labelsOf = (taskId: unknown) =>
      file.taskLabels
        .filter((link) => link.task_id === taskId)
        .map((link) => file.labels.find((label) => label.id === link.label_id)?.name)
        .sort();
    const notebooks = [];
    for (const notebook of children(file.notebooks, 'user_id', who.userId)) {
      const sections = [];
      for (const section of children(file.sections, 'notebook_id', notebook.id)) {
        const pages = [];
        for (const note of children(file.notes, 'section_id', section.id)) {
          pages.push({
            title: note.title,
            content: await portable(who, String(note.content)),
            created_at: note.created_at,
            updated_at: note.updated_at,
          });
        }
        sections.push({ title: section.title, pages });
      }
      notebooks.push({ title: notebook.title, sections });
    }
    const todos = children(file.todos, 'user_id', who.userId).map((todo) => ({
      title: todo.title,
      categories: children(file.todoCategories, 'todo_id', todo.id).map((category) => ({
        title: category.title,
        tasks: children(file.todoItems, 'category_id', category.id).map((task) => ({
          text: task.text,
          completed: task.completed,
          due_date: task.due_date,
          due_time: task.due_time,
          priority: task.priority,
          repeat_rule: task.repeat_rule,
          repeat_mode: task.repeat_mode,
          description: task.description,
          labels: labelsOf(task.id),
          subtasks: children(file.todoSubtasks, 'todo_item_id', task.id).map((s) => [s.text, s.completed]),
        })),
      })),
    }));
    return { notebooks, todos };
  }

  it('imports our own Markdown export back to the same tree, text and files', async () => {
    const owner = await signedInUser(ctx);
    const notes = apiFor(ctx, owner.userId, owner.cookies);
    const cat = await upload(owner, 'cat photo (1).png', 'image/png', png);
    const report = await upload(owner, 'report.pdf', 'application/pdf', pdf);
    const work = await notes.createNotebook({ title: 'Work' });
    const meetings = await notes.createSection(work.id, { title: 'Meetings' });
    await notes.createSection(work.id, { title: 'Empty section' });
    await notes.createNote(meetings.id, {
      title: 'Weekly: "plans"',
      content: `# Week\n\n![cat photo (1)](${cat.url})\n\n[report.pdf (300 KB)](${report.url})\n`,
    });
    await notes.createNote(meetings.id, { title: 'Second', content: '---\nnot front matter\n' });
    await notes.createNote(meetings.id, { title: 'Empty', content: '' });
    await notes.createNotebook({ title: 'Empty notebook' });
    const todos = todosApiFor(ctx, owner.userId, owner.cookies);
    const home = await todos.createTodo({ title: 'Home' });
    const chores = await todos.createCategory(home.id, { title: 'Chores' });
    const errands = await todos.createCategory(home.id, { title: 'Errands' });
    const bins = await todos.createTask(home.id, {
      categoryId: chores.id,
      text: 'Take out the bins',
      dueDate: '2026-12-01',
      dueTime: '17:00',
      priority: 'high',
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH', mode: 'fixed' },
      labelNames: ['house'],
    });
    expect(
      (await todos.request('PATCH', `/api/tasks/${bins.id}`, { description: 'Blue first.\nThen green.' }))
        .statusCode,
    ).toBe(200);
    await todos.addSubtask(bins.id, 'Rinse the bin');
    await todos.createTask(home.id, {
      categoryId: errands.id,
      text: 'Water plants',
      dueDate: '2026-12-02',
      priority: 'urgent',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', mode: 'afterCompletion' },
    });
    const milk = await todos.createTask(home.id, { categoryId: errands.id, text: 'Milk', priority: 'low' });
    expect((await todos.request('PATCH', `/api/tasks/${milk.id}`, { completed: true })).statusCode).toBe(200);

    const zip = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/markdown',
      ...asUser(owner.cookies),
    });
    expect(zip.statusCode, zip.body).toBe(200);

    const other = await signedInUser(ctx);
    // The new account's starter content is cleared: the account then holds only the import.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/backup/import?clearExisting=true',
      headers: { 'content-type': 'application/zip' },
      payload: zip.rawPayload,
      ...asUser(other.cookies),
    });
    expect(res.statusCode, res.body).toBe(200);

    const before = await account(owner);
    const after = await account(other);
    // The owner's account also has the starter content a new account gets; the export carries it too.
    expect(after).toEqual(before);
    // Not an empty comparison: what was made above is there, files and all.
    const meetingsAfter = after.notebooks.find((n) => n.title === 'Work')?.sections[0];
    expect(meetingsAfter?.pages.map((p) => p.title)).toEqual(['Weekly: "plans"', 'Second', 'Empty']);
    expect(meetingsAfter?.pages[0]?.content).toMatch(
      /^# Week\n\n!\[cat photo \(1\)\]\(file:[0-9a-f]{64}\)\n/,
    );
    expect(after.todos.find((t) => t.title === 'Home')?.categories.flatMap((c) => c.tasks)).toHaveLength(3);
  });
});
