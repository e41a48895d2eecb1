import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priorities } from '../../../shared/domain/task-display.ts';
import { type SessionCookies, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { backupRateLimits } from './backup.routes.ts';
import { warmImportWorker } from './backup-import-thread.ts';
import { type BackupFile, canonical, exportFile, importFile } from './backup-test-helpers.ts';

/** Text either database can store (the import refuses U+0000 and lone surrogates on purpose). */
const text = (maxLength: number) =>
  fc
    .string({ unit: 'grapheme', maxLength })
    .filter((value) => !value.includes('\u0000') && !/\p{Cs}/u.test(value) && value.length <= maxLength);
const timestamp = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const times = fc.record({ created_at: timestamp, updated_at: timestamp });
const color = fc.constantFrom('#3B82F6', '#10B981', '#abcdef', '#000000');

/** Children of one parent: distinct positions (a gap is fine), listed in any order. */
function siblings<T>(child: fc.Arbitrary<T>, max: number) {
  return fc.array(fc.tuple(child, fc.nat(3)), { maxLength: max }).chain((rows) => {
    let position = -1;
    const placed = rows.map(([row, gap]) => {
      position += 1 + gap;
      return { row, position };
    });
    return fc.shuffledSubarray(placed, { minLength: placed.length, maxLength: placed.length });
  });
}

const subtask = fc.record({ text: text(30), completed: fc.boolean(), times });
const item = fc.record({
  text: text(40),
  completed: fc.boolean(),
  due_date: fc.option(
    fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  ),
  priority: fc.constantFrom(...priorities),
  estimated_time: fc.option(fc.integer({ min: 1, max: 599_999 })),
  due_time: fc.option(
    fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => [h, m].map((part) => String(part).padStart(2, '0')).join(':')),
  ),
  description: text(200),
  repeat: fc.option(
    fc.record({
      rule: fc.constantFrom(
        'FREQ=DAILY',
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
        'FREQ=MONTHLY;BYDAY=-1FR;COUNT=5',
      ),
      mode: fc.constant('fixed' as const),
    }),
  ),
  times,
  subtasks: siblings(subtask, 3),
});
const category = fc.record({ title: text(20), times, items: siblings(item, 3) });
const todo = fc.record({ title: text(20), color, times, categories: siblings(category, 3) });
const note = fc.record({ title: text(30), content: text(300), times });
const section = fc.record({ title: text(20), times, notes: siblings(note, 3) });
const notebook = fc.record({ title: text(20), color, times, sections: siblings(section, 3) });
const account = fc.record({ notebooks: siblings(notebook, 3), todos: siblings(todo, 3) });

/** Lays a generated account out as a backup file, with made-up ids. */
type Account = typeof account extends fc.Arbitrary<infer T> ? T : never;

function toFile(generated: Account): BackupFile {
  let next = 0;
  const id = () => `old-${++next}`;
  const file: BackupFile = {
    version: '1.0.0',
    exportedAt: new Date().toISOString(),
    userId: 'generated',
    notebooks: [],
    sections: [],
    notes: [],
    todos: [],
    todoCategories: [],
    todoItems: [],
    todoSubtasks: [],
    calendarIntegrations: [],
    taskCalendarEvents: [],
    labels: [],
    taskLabels: [],
    taskOccurrences: [],
    taskReminders: [],
  };
  for (const { row: nb, position } of generated.notebooks) {
    const nbId = id();
    file.notebooks.push({
      id: nbId,
      user_id: 'generated',
      title: nb.title,
      color: nb.color,
      position,
      ...nb.times,
    });
    for (const { row: se, position: sp } of nb.sections) {
      const seId = id();
      file.sections.push({ id: seId, notebook_id: nbId, title: se.title, position: sp, ...se.times });
      for (const { row: no, position: np } of se.notes) {
        file.notes.push({
          id: id(),
          section_id: seId,
          notebook_id: nbId,
          title: no.title,
          content: no.content,
          position: np,
          ...no.times,
        });
      }
    }
  }
  for (const { row: td, position } of generated.todos) {
    const tdId = id();
    file.todos.push({
      id: tdId,
      user_id: 'generated',
      title: td.title,
      color: td.color,
      position,
      ...td.times,
    });
    for (const { row: ca, position: cp } of td.categories) {
      const caId = id();
      file.todoCategories.push({ id: caId, todo_id: tdId, title: ca.title, position: cp, ...ca.times });
      for (const { row: it, position: ip } of ca.items) {
        const itId = id();
        const { subtasks, times: itemTimes, due_time, repeat, ...fields } = it;
        // A repeat only ever comes with a date too; its series starts on that date.
        const repeating = fields.due_date && repeat ? repeat : null;
        file.todoItems.push({
          id: itId,
          todo_id: tdId,
          category_id: caId,
          ...fields,
          position: ip,
          ...itemTimes,
          // A time only ever comes with a date (the API refuses one alone).
          due_time: fields.due_date ? due_time : null,
          repeat_rule: repeating?.rule ?? null,
          repeat_mode: repeating?.mode ?? null,
          repeat_start: repeating ? fields.due_date : null,
        });
        // A repeating task's History: the occurrence before its current one, skipped.
        if (repeating && fields.due_date) {
          file.taskOccurrences.push({
            task_id: itId,
            occurrence_date: '2019-12-31',
            occurrence_time: fields.due_date ? due_time : null,
            action: 'skipped',
            at: '2020-01-01T08:00:00.000Z',
          });
        }
        for (const { row: st, position: stp } of subtasks) {
          file.todoSubtasks.push({
            id: id(),
            todo_item_id: itId,
            text: st.text,
            completed: st.completed,
            position: stp,
            ...st.times,
          });
        }
      }
    }
  }
  return file;
}

describe.each(testEngines)('backup round trip over generated accounts on %s', (engine) => {
  let ctx: TestContext;
  let first: SessionCookies;
  let second: SessionCookies;

  beforeAll(async () => {
    backupRateLimits.import.max = 10_000;
    backupRateLimits.export.max = 10_000;
    ctx = await buildTestApp(engine);
    // The import's worker thread starts here, not inside the first test's timeout.
    await warmImportWorker();
    first = (await signedInUser(ctx)).cookies;
    second = (await signedInUser(ctx)).cookies;
  });
  afterAll(() => ctx.close());

  it('import then export gives back the content, and so does a second import of that export', async () => {
    await fc.assert(
      fc.asyncProperty(account, async (generated) => {
        const file = toFile(generated);
        await importFile(ctx, first, file, { clearExisting: true });
        const exported = await exportFile(ctx, first);
        expect(canonical(exported)).toEqual(canonical(file));
        await importFile(ctx, second, exported, { clearExisting: true });
        expect(canonical(await exportFile(ctx, second))).toEqual(canonical(exported));
      }),
      { numRuns: 25 },
    );
  });
});
