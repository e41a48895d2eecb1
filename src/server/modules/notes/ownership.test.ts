import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, NotesTree } from '../../../shared/schemas/note.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type Api, expectError, newUserApi } from './notes-test-helpers.ts';

/**
 * Another user's rows answer 404, exactly like rows that do not exist, on every endpoint; and the
 * owner's data is untouched afterwards.
 */
describe.each(testEngines)("another user's notebooks, sections and notes on %s", (engine) => {
  let ctx: TestContext;
  let owner: Api;
  let intruder: Api;
  let ownerTree: NotesTree;
  let ownerNote: Note;
  const ids = { notebook: '', section: '', note: '', intruderNotebook: '', intruderSection: '' };

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    owner = await newUserApi(ctx);
    intruder = await newUserApi(ctx);
    const notebook = await owner.createNotebook({ title: 'Private' });
    const section = await owner.createSection(notebook.id, { title: 'Diary' });
    ownerNote = await owner.createNote(section.id, { title: 'Secret', content: 'my secret' });
    const intruderNotebook = await intruder.createNotebook();
    const intruderSection = await intruder.createSection(intruderNotebook.id);
    Object.assign(ids, {
      notebook: notebook.id,
      section: section.id,
      note: ownerNote.id,
      intruderNotebook: intruderNotebook.id,
      intruderSection: intruderSection.id,
    });
    ownerTree = await owner.tree();
  });
  afterAll(() => ctx.close());

  type Attempt = ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?];
  const attempts: Array<[string, () => Attempt]> = [
    ['rename a notebook', () => ['PATCH', `/api/notebooks/${ids.notebook}`, { title: 'Mine now' }]],
    ['delete a notebook', () => ['DELETE', `/api/notebooks/${ids.notebook}`]],
    ['order notebooks', () => ['PUT', '/api/notebooks/order', { ids: [ids.intruderNotebook, ids.notebook] }]],
    [
      "order a notebook's sections",
      () => ['PUT', `/api/notebooks/${ids.notebook}/sections/order`, { ids: [ids.section] }],
    ],
    [
      'move a section away',
      () => [
        'PUT',
        `/api/notebooks/${ids.intruderNotebook}/sections/order`,
        { ids: [ids.intruderSection, ids.section] },
      ],
    ],
    ['create a section in a notebook', () => ['POST', '/api/sections', { notebookId: ids.notebook }]],
    ['rename a section', () => ['PATCH', `/api/sections/${ids.section}`, { title: 'Mine now' }]],
    ['delete a section', () => ['DELETE', `/api/sections/${ids.section}`]],
    ["list a section's pages", () => ['GET', `/api/sections/${ids.section}/notes`]],
    [
      "order a section's pages",
      () => ['PUT', `/api/sections/${ids.section}/notes/order`, { ids: [ids.note] }],
    ],
    [
      'move a page away',
      () => ['PUT', `/api/sections/${ids.intruderSection}/notes/order`, { ids: [ids.note] }],
    ],
    ['create a page in a section', () => ['POST', '/api/notes', { sectionId: ids.section }]],
    ['open a page', () => ['GET', `/api/notes/${ids.note}`]],
    ['save a page', () => ['PATCH', `/api/notes/${ids.note}`, { content: 'overwritten', baseVersion: 1 }]],
    ['delete a page', () => ['DELETE', `/api/notes/${ids.note}`]],
  ];

  it.each(attempts)('cannot %s: 404 as if it did not exist', async (_what, make) => {
    const [method, url, body] = make();
    const res = await intruder.request(method, url, body);
    expectError(res, 404, 'not_found');
    expect(res.body).not.toContain('my secret');
  });

  it("leaves the owner's data exactly as it was", async () => {
    expect(await owner.tree()).toEqual(ownerTree);
    expect(await owner.getNote(ids.note)).toEqual(ownerNote);
  });

  it('shows the intruder only their own tree', async () => {
    const tree = await intruder.tree();
    expect(tree.notebooks.map((n) => n.id)).toEqual([ids.intruderNotebook]);
    expect(tree.notebooks[0]?.sections.map((s) => [s.id, s.notes])).toEqual([[ids.intruderSection, []]]);
  });
});
