import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone } from '../../../shared/domain/time-zone.ts';
import { asUser, post, signedInUser, uniqueEmail } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { emptyFile, exportFile, importFile } from '../backup/backup-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines)(
  'a new account starts with the Getting started notebook and list (%s)',
  (engine) => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await buildTestApp(engine);
    });
    afterAll(async () => {
      await ctx.close();
    });

    const newAccount = () => signedInUser(ctx, { starterContent: true });

    it('holds exactly one notebook and one list, with sections, pages, categories, tasks and subtasks', async () => {
      const { cookies } = await newAccount();
      const today = ctx.clock.now;
      const file = await exportFile(ctx, cookies);

      expect(file.notebooks.map((row) => row.title)).toEqual(['Getting started']);
      expect(file.sections.map((row) => row.title).sort()).toEqual(['Tips', 'Welcome']);
      expect(file.notes.map((row) => row.title)).toEqual([
        'Welcome to Jotlist',
        'Write in Markdown',
        'Find anything',
        'Keyboard shortcuts',
        'Calendars',
        'Back up your data',
      ]);
      const markdown = file.notes.find((row) => row.title === 'Write in Markdown');
      expect(markdown?.content).toContain('- [ ] a checkbox you can tick');

      expect(file.todos.map((row) => row.title)).toEqual(['Getting started']);
      expect(file.todoCategories.map((row) => row.title)).toEqual(['Try these', 'Next']);
      expect(file.todoItems).toHaveLength(6);
      const tick = file.todoItems.find((row) => row.text === 'Tick this task off');
      expect(tick).toMatchObject({
        completed: false,
        priority: 'high',
        due_date: today.toISOString().slice(0, 10),
      });
      const opened = file.todoItems.find((row) => row.text === 'Open this task to see its subtasks');
      expect(opened?.due_date).toBe(new Date(today.getTime() + DAY).toISOString().slice(0, 10));
      expect(file.todoItems.filter((row) => row.priority !== null).length).toBeGreaterThanOrEqual(3);
      expect(file.todoSubtasks.map((row) => [row.text, row.completed, row.todo_item_id])).toEqual([
        ['Tick a subtask', true, opened?.id],
        ['Add a subtask of your own', false, opened?.id],
        ['Delete this subtask', false, opened?.id],
      ]);
    });

    it('counts its due dates from the day it is where the person signed up', async () => {
      const now = ctx.clock.now;
      const tickDue = async (timeZone: string) => {
        const { cookies } = await signedInUser(ctx, { starterContent: true, timeZone });
        const file = await exportFile(ctx, cookies);
        return file.todoItems.find((row) => row.text === 'Tick this task off')?.due_date;
      };
      // UTC+14 and UTC-11 are 25 hours apart: at any moment at least one is on another day than UTC.
      const east = dayInTimeZone(now, 'Pacific/Kiritimati');
      const west = dayInTimeZone(now, 'Pacific/Pago_Pago');
      const utc = now.toISOString().slice(0, 10);
      expect([east, west].some((day) => day !== utc)).toBe(true);
      expect(await tickDue('Pacific/Kiritimati')).toBe(east);
      expect(await tickDue('Pacific/Pago_Pago')).toBe(west);
      // A zone this server does not know: the sign-up goes through, counted in UTC.
      expect(await tickDue('Mars/Olympus_Mons')).toBe(utc);
    });

    it('is found by search like any page', async () => {
      const { cookies } = await newAccount();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/search?q=Markdown', ...asUser(cookies) });
      expect(res.statusCode, res.body).toBe(200);
      const titles = (res.json() as { notes: Array<{ title: string }> }).notes.map((hit) => hit.title);
      expect(titles).toContain('Write in Markdown');
    });

    it('is deleted like any other notebook and list, and never comes back', async () => {
      const { email, password, cookies } = await newAccount();
      const file = await exportFile(ctx, cookies);
      const notebook = file.notebooks[0]?.id as string;
      const todo = file.todos[0]?.id as string;
      for (const url of [`/api/notebooks/${notebook}`, `/api/todos/${todo}`]) {
        const res = await ctx.app.inject({ method: 'DELETE', url, ...asUser(cookies) });
        expect(res.statusCode, res.body).toBe(204);
      }
      // Signing in again, or signing up again with the same address, seeds nothing.
      const again = await post(ctx, '/api/auth/signup', { email, password, confirmPassword: password });
      expect(again.statusCode).toBe(202);
      await ctx.settle();
      const signIn = await post(ctx, '/api/auth/signin', { email, password, rememberMe: false });
      expect(signIn.statusCode).toBe(200);
      const after = await exportFile(ctx, cookies);
      expect([after.notebooks, after.sections, after.notes, after.todos, after.todoItems]).toEqual([
        [],
        [],
        [],
        [],
        [],
      ]);
    });

    it('is replaced by a backup imported with clear-existing, and kept by a plain import', async () => {
      const { cookies } = await newAccount();
      const file = emptyFile();
      file.notebooks.push({ id: 'n1', title: 'Work', position: 0 });
      file.todos.push({ id: 'l1', title: 'Errands', position: 0 });

      await importFile(ctx, cookies, file);
      const merged = await exportFile(ctx, cookies);
      expect(merged.notebooks.map((row) => row.title)).toEqual(['Getting started', 'Work']);
      expect(merged.todos.map((row) => row.title)).toEqual(['Getting started', 'Errands']);

      await importFile(ctx, cookies, file, { clearExisting: true });
      const replaced = await exportFile(ctx, cookies);
      expect(replaced.notebooks.map((row) => row.title)).toEqual(['Work']);
      expect(replaced.todos.map((row) => row.title)).toEqual(['Errands']);
      expect([replaced.sections, replaced.notes, replaced.todoItems, replaced.todoSubtasks]).toEqual([
        [],
        [],
        [],
        [],
      ]);
    });

    it('belongs to its account only', async () => {
      const first = await newAccount();
      const second = await signedInUser(ctx, { email: uniqueEmail('second'), starterContent: true });
      const a = await exportFile(ctx, first.cookies);
      const b = await exportFile(ctx, second.cookies);
      expect(a.notebooks).toHaveLength(1);
      expect(b.notebooks).toHaveLength(1);
      expect(a.notebooks[0]?.id).not.toBe(b.notebooks[0]?.id);
      expect(a.notes.map((row) => row.id)).not.toEqual(expect.arrayContaining(b.notes.map((row) => row.id)));
    });
  },
);
