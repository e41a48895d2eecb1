import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { apiFor } from '../notes/notes-test-helpers.ts';
import { exportPages, type Keyset } from './markdown-export.repo.ts';

describe.each(testEngines)('the Markdown export reads a section a page of rows at a time on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  it('goes through every page once, in (position, id) order, whatever the batch size and ties', async () => {
    const user = await signedInUser(ctx);
    const notes = apiFor(ctx, user.userId, user.cookies);
    const section = await notes.createSection((await notes.createNotebook()).id);
    for (let i = 0; i < 7; i++) await notes.createNote(section.id, { title: `page ${i}` });
    // Ties on position: the id decides, as it does in the section's order.
    await ctx.db.db.updateTable('notes').set({ position: 1 }).where('section_id', '=', section.id).execute();
    const expected = (
      await ctx.db.db
        .selectFrom('notes')
        .select('id')
        .where('section_id', '=', section.id)
        .orderBy('position')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);

    for (const batch of [1, 2, 3, 7, 50]) {
      const seen: string[] = [];
      let after: Keyset | null = null;
      for (;;) {
        const rows = await exportPages(ctx.db.db, user.userId, section.id, after, batch);
        seen.push(...rows.map((row) => row.id));
        const last = rows.at(-1);
        if (!last || rows.length < batch) break;
        after = { position: last.position, id: last.id };
      }
      expect(seen, `batch ${batch}`).toEqual(expected);
    }
  });
});
