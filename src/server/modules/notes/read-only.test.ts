import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type Api, apiFor, expectError } from './notes-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

/** After the 7-day trial, without an active subscription, the workspace is view-only (docs/PRODUCT.md §1, §4). */
describe.each(testEngines)('read-only accounts on %s', (engine) => {
  let ctx: TestContext;
  let api: Api;
  let activeApi: Api;
  const ids = { notebook: '', section: '', note: '', otherSection: '' };

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    const user = await signedInUser(ctx);
    const active = await signedInUser(ctx);
    api = apiFor(ctx, user.userId, user.cookies);
    const notebook = await api.createNotebook();
    const section = await api.createSection(notebook.id);
    const otherSection = await api.createSection(notebook.id);
    const note = await api.createNote(section.id, { content: 'written during the trial' });
    Object.assign(ids, {
      notebook: notebook.id,
      section: section.id,
      note: note.id,
      otherSection: otherSection.id,
    });

    // A paying account: the billing issue will set this from subscriptions; here the profile says so.
    await ctx.db.db
      .updateTable('user_profiles')
      .set({ account_status: 'active', is_trial: 0 })
      .where('id', '=', active.userId)
      .execute();

    ctx.clock.advance(8 * DAY);
    // The old sessions have expired with the clock; sign in again as the user would.
    api = apiFor(ctx, user.userId, await signIn(ctx, user.email, user.password));
    activeApi = apiFor(ctx, active.userId, await signIn(ctx, active.email, active.password));
  });
  afterAll(() => ctx.close());

  const writes: Array<[string, () => ['POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?]]> = [
    ['create a notebook', () => ['POST', '/api/notebooks', {}]],
    ['rename a notebook', () => ['PATCH', `/api/notebooks/${ids.notebook}`, { title: 'Renamed' }]],
    ['delete a notebook', () => ['DELETE', `/api/notebooks/${ids.notebook}`]],
    ['order notebooks', () => ['PUT', '/api/notebooks/order', { ids: [ids.notebook] }]],
    [
      'order sections',
      () => [
        'PUT',
        `/api/notebooks/${ids.notebook}/sections/order`,
        { ids: [ids.otherSection, ids.section] },
      ],
    ],
    ['create a section', () => ['POST', '/api/sections', { notebookId: ids.notebook }]],
    ['rename a section', () => ['PATCH', `/api/sections/${ids.section}`, { title: 'Renamed' }]],
    ['delete a section', () => ['DELETE', `/api/sections/${ids.section}`]],
    ['order pages', () => ['PUT', `/api/sections/${ids.section}/notes/order`, { ids: [ids.note] }]],
    ['create a page', () => ['POST', '/api/notes', { sectionId: ids.section }]],
    ['save a page', () => ['PATCH', `/api/notes/${ids.note}`, { content: 'changed', baseVersion: 1 }]],
    ['delete a page', () => ['DELETE', `/api/notes/${ids.note}`]],
  ];

  it.each(writes)('cannot %s once the trial has expired: 403 read_only', async (_what, make) => {
    const before = await api.tree();
    const [method, url, body] = make();
    const res = await api.request(method, url, body);
    expect(expectError(res, 403, 'read_only').message).toBe(messages.api.readOnly);
    expect(await api.tree()).toEqual(before);
  });

  it('can still read everything', async () => {
    const tree = await api.tree();
    expect(tree.notebooks[0]?.sections[0]?.notes.map((n) => n.id)).toEqual([ids.note]);
    expect((await api.getNote(ids.note)).content).toBe('written during the trial');
    expect((await api.request('GET', `/api/sections/${ids.section}/notes`)).statusCode).toBe(200);
    expect((await api.request('GET', '/api/search?q=trial')).statusCode).toBe(200);
  });

  it('refuses writes before looking anything up, so unknown ids answer 403 too', async () => {
    const res = await api.request('DELETE', '/api/notes/00000000-0000-4000-8000-000000000000');
    expectError(res, 403, 'read_only');
  });

  it('keeps an active account writable after the trial end date', async () => {
    const notebook = await activeApi.createNotebook({ title: 'Paid' });
    expect(notebook.title).toBe('Paid');
  });
});
