import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { asUser, type SessionCookies, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { apiFor, expectError } from '../notes/notes-test-helpers.ts';
import { emptyFile, exportFile, exportTextWithoutTime, importRequest } from './backup-test-helpers.ts';
import { buildZip } from './markdown-zip-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A read-only account (trial over, no subscription) keeps its way out: export works, import does not. */
describe.each(testEngines)('backup for read-only accounts on %s', (engine) => {
  let ctx: TestContext;
  let cookies: SessionCookies;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    const user = await signedInUser(ctx);
    await apiFor(ctx, user.userId, user.cookies).createNotebook({ title: 'Written during the trial' });
    ctx.clock.advance(8 * DAY);
    cookies = await signIn(ctx, user.email, user.password);
  });
  afterAll(() => ctx.close());

  it('can export everything', async () => {
    const file = await exportFile(ctx, cookies);
    expect(file.notebooks.map((n) => n.title)).toEqual(['Written during the trial']);
  });

  it.each([
    ['an import', { clearExisting: true }],
    ['a preview (dry run)', { dryRun: true }],
  ])('cannot run %s: 403 read_only, nothing changed', async (_what, query) => {
    const before = await exportTextWithoutTime(ctx, cookies);
    const res = await importRequest(ctx, cookies, emptyFile(), query);
    expect(expectError(res, 403, 'read_only').message).toBe(messages.api.readOnly);
    expect(await exportTextWithoutTime(ctx, cookies)).toBe(before);
  });

  it('is refused before the body is read: even a file that is not JSON answers 403', async () => {
    expectError(await importRequest(ctx, cookies, 'not json'), 403, 'read_only');
  });

  it('cannot import a zip of Markdown either: 403 read_only, nothing changed', async () => {
    const before = await exportTextWithoutTime(ctx, cookies);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/backup/import',
      headers: { 'content-type': 'application/zip' },
      payload: await buildZip([{ name: 'Notes/page.md', data: 'hello' }]),
      ...asUser(cookies),
    });
    expect(expectError(res, 403, 'read_only').message).toBe(messages.api.readOnly);
    expect(await exportTextWithoutTime(ctx, cookies)).toBe(before);
  });
});
