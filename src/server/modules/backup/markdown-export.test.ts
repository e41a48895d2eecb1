import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import ICAL from 'ical.js';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFile } from '../../test/attachment-helpers.ts';
import { asUser, type SessionCookies, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { unzip } from '../../test/unzip.ts';
import { apiFor, expectError } from '../notes/notes-test-helpers.ts';
import { todosApiFor } from '../todos/todos-test-helpers.ts';
import { exportMarkdown } from './markdown-export.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(3000)]);
const otherPng = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(1000)]);
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(600 * 1024)]);

type User = { userId: string; email: string; password: string; cookies: SessionCookies };

describe.each(testEngines)('Markdown export on %s', (engine) => {
  let ctx: TestContext;
  let owner: User;
  let stranger: User;
  let files: Map<string, Buffer>;
  let strangerFileId: string;
  let zipHeaders: Record<string, unknown>;

  const upload = (who: User, name: string, type: string, body: Buffer) =>
    uploadedFile(ctx, who, name, type, body);
  const exportZip = (cookies: Partial<SessionCookies>) =>
    ctx.app.inject({ method: 'GET', url: '/api/export/markdown', ...asUser(cookies) });
  const text = (name: string) => {
    const bytes = files.get(name);
    expect(bytes, `${name} in ${[...files.keys()].join(', ')}`).toBeDefined();
    return bytes?.toString('utf8') ?? '';
  };

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    owner = await signedInUser(ctx, { timeZone: 'Europe/Paris' });
    stranger = await signedInUser(ctx);
    const notes = apiFor(ctx, owner.userId, owner.cookies);

    const strangerFile = await upload(stranger, 'secret.png', 'image/png', otherPng);
    strangerFileId = strangerFile.id;
    const strangerNotes = apiFor(ctx, stranger.userId, stranger.cookies);
    const secretBook = await strangerNotes.createNotebook({ title: 'Secret notebook' });
    const secretSection = await strangerNotes.createSection(secretBook.id, { title: 'Secret section' });
    await strangerNotes.createNote(secretSection.id, {
      title: 'Secret page',
      content: `![s](${strangerFile.url})`,
    });

    const cat = await upload(owner, 'cat.png', 'image/png', png);
    const otherCat = await upload(owner, 'CAT.png', 'image/png', otherPng);
    const report = await upload(owner, 'report (final) v2.pdf', 'application/pdf', pdf);

    const work = await notes.createNotebook({ title: 'Work/Plans: 2026?' });
    const meetings = await notes.createSection(work.id, { title: 'Café ☕' });
    await notes.createSection(work.id, { title: 'Empty section' });
    await notes.createNote(meetings.id, {
      title: 'Weekly',
      content: `# Week\n\n![cat](${cat.url})\n\n[report (final) v2.pdf (600 KB)](${report.url})\n`,
    });
    await notes.createNote(meetings.id, {
      title: 'weekly',
      content: `Same cat: ![cat](${cat.url}) and another ![c](${otherCat.url}), not mine: ![s](${strangerFile.url})`,
    });
    await notes.createNote(meetings.id, { title: 'He said "hi" \\ <ok>', content: 'Plain text.' });
    await notes.createNotebook({ title: 'Empty notebook' });
    const todosBook = await notes.createNotebook({ title: 'todos' });
    await notes.createSection(todosBook.id, { title: 'S' });

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
      repeat: { rule: 'FREQ=WEEKLY', mode: 'fixed' },
      labelNames: ['house work'],
    });
    const described = await todos.request('PATCH', `/api/tasks/${bins.id}`, {
      description: 'Blue bin first.\nThen the green one.',
    });
    expect(described.statusCode, described.body).toBe(200);
    await todos.addSubtask(bins.id, 'Rinse the bin');
    const milk = await todos.createTask(home.id, { categoryId: errands.id, text: 'Milk', priority: 'low' });
    const done = await todos.request('PATCH', `/api/tasks/${milk.id}`, { completed: true });
    expect(done.statusCode, done.body).toBe(200);
    await todos.createTask(home.id, { categoryId: errands.id, text: 'Stamps', dueDate: '2026-12-03' });

    const res = await exportZip(owner.cookies);
    expect(res.statusCode, res.body).toBe(200);
    zipHeaders = res.headers;
    files = await unzip(res.rawPayload);
  });
  afterAll(() => ctx.close());

  it('answers a zip attachment named by the date', () => {
    expect(zipHeaders['content-type']).toBe('application/zip');
    expect(zipHeaders['content-disposition']).toMatch(
      /^attachment; filename="jotlist-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
  });

  it('has a folder per notebook and section, empty ones too, with file-safe and deduplicated names', () => {
    const names = [...files.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'README.md',
        'Work-Plans- 2026-/',
        'Work-Plans- 2026-/Café ☕/',
        'Work-Plans- 2026-/Empty section/',
        'Empty notebook/',
        'todos (2)/',
        'todos (2)/S/',
        'Todos/',
        'Todos/Home.md',
        'Todos/tasks.ics',
      ]),
    );
    const pages = names.filter(
      (name) => name.startsWith('Work-Plans- 2026-/Café ☕/') && name.endsWith('.md'),
    );
    expect(pages.sort()).toEqual(
      [
        'Work-Plans- 2026-/Café ☕/He said -hi- - -ok-.md',
        'Work-Plans- 2026-/Café ☕/Weekly.md',
        'Work-Plans- 2026-/Café ☕/weekly (2).md',
      ].sort(),
    );
    expect(text('README.md')).toMatch(/^# Jotlist export\n\nExported from Jotlist on \d{4}-\d{2}-\d{2}\./);
  });

  it('starts each page with front matter holding the exact title and dates, then the Markdown', async () => {
    const page = text('Work-Plans- 2026-/Café ☕/He said -hi- - -ok-.md');
    const stored = await ctx.db.db
      .selectFrom('notes')
      .select(['created_at', 'updated_at'])
      .where('title', '=', 'He said "hi" \\ <ok>')
      .executeTakeFirstOrThrow();
    expect(page).toBe(
      `---\ntitle: "He said \\"hi\\" \\\\ <ok>"\ncreated: ${stored.created_at}\nupdated: ${stored.updated_at}\n---\n\nPlain text.`,
    );
  });

  it("writes each linked file once per section, byte for byte, and points the page's links at it", () => {
    const dir = 'Work-Plans- 2026-/Café ☕/files';
    expect(files.get(`${dir}/cat.png`)?.equals(png)).toBe(true);
    expect(files.get(`${dir}/CAT (2).png`)?.equals(otherPng)).toBe(true);
    expect(files.get(`${dir}/report (final) v2.pdf`)?.equals(pdf)).toBe(true);
    expect([...files.keys()].filter((name) => name.startsWith(`${dir}/`))).toHaveLength(3);

    const weekly = text('Work-Plans- 2026-/Café ☕/Weekly.md');
    expect(weekly).toContain('\n# Week\n\n![cat](files/cat.png)\n\n');
    expect(weekly).toContain('[report (final) v2.pdf (600 KB)](files/report%20%28final%29%20v2.pdf)');
    const second = text('Work-Plans- 2026-/Café ☕/weekly (2).md');
    expect(second).toContain('Same cat: ![cat](files/cat.png) and another ![c](files/CAT%20%282%29.png)');
    // Another user's file is neither written nor rewritten: its address stays as it was.
    expect(second).toContain(`not mine: ![s](/api/attachments/${strangerFileId})`);
  });

  it("never includes another user's notebooks, pages or files", () => {
    const all = [...files.entries()];
    expect(all.some(([name]) => name.includes('Secret') || name.includes('secret'))).toBe(false);
    expect(
      all.some(([, bytes]) => bytes.includes(otherPng.subarray(8, 200)) && !bytes.equals(otherPng)),
    ).toBe(false);
    expect(all.filter(([, bytes]) => bytes.equals(otherPng))).toHaveLength(1);
  });

  it('writes each to-do list as an Obsidian Tasks checklist with due, priority, repeat, labels', () => {
    const list = text('Todos/Home.md');
    expect(list).toMatch(/^---\ntitle: "Home"\ncreated: \S+\nupdated: \S+\ntype: todo-list\n---\n/);
    expect(list.slice(list.indexOf('\n## '))).toBe(
      [
        '',
        '## Chores',
        '',
        '- [ ] Take out the bins 📅 2026-12-01 17:00 ⏫ 🔁 every week #house-work',
        '  - [ ] Rinse the bin',
        '  > Blue bin first.',
        '  > Then the green one.',
        '',
        '## Errands',
        '',
        '- [x] Milk 🔽',
        '- [ ] Stamps 📅 2026-12-03 🔼',
        '',
      ].join('\n'),
    );
  });

  it('adds the dated tasks as a calendar that parses', () => {
    const calendar = new ICAL.Component(ICAL.parse(text('Todos/tasks.ics')));
    const summaries = calendar
      .getAllSubcomponents('vevent')
      .map((event) => event.getFirstPropertyValue('summary'));
    expect(summaries.sort()).toEqual(['Stamps', 'Take out the bins']);
  });

  it('is refused signed out', async () => {
    expectError(await exportZip({}), 401, 'unauthorized');
  });

  it('survives a client that goes away mid-download, and answers the next one in full', async () => {
    const big = randomBytes(3 * 1024 * 1024);
    const heavy = await upload(owner, 'big.bin', 'application/octet-stream', big);
    const notes = apiFor(ctx, owner.userId, owner.cookies);
    const book = await notes.createNotebook({ title: 'Heavy' });
    const section = await notes.createSection(book.id, { title: 'Files' });
    for (let i = 0; i < 3; i += 1) {
      await notes.createNote(section.id, { title: `Big ${i}`, content: `[big](${heavy.url})` });
    }
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = Object.entries(owner.cookies)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${address}/api/export/markdown`, { headers: { cookie } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    const again = await exportZip(owner.cookies);
    expect(again.statusCode).toBe(200);
    const entries = await unzip(again.rawPayload);
    expect(entries.get('Heavy/Files/files/big.bin')?.equals(big)).toBe(true);
    expect(entries.has('Heavy/Files/Big 2.md')).toBe(true);
  });
});

/** Fails every read of files' chunks, as a database that went away in the middle of a download would. */
const chunkReadsFail: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs) {
    if (JSON.stringify(args.node).includes('"attachment_chunks"')) throw new Error('chunk read failed');
    return args.node;
  },
  transformResult: async (args: PluginTransformResultArgs) => args.result,
};

describe.each(testEngines)('Markdown export when a read fails mid-download on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  it('ends the stream with the error, and the process carries on', async () => {
    const user = await signedInUser(ctx);
    const stored = await ctx.app.inject({
      method: 'POST',
      url: '/api/attachments?name=a.png',
      headers: { 'content-type': 'image/png' },
      payload: png,
      ...asUser(user.cookies),
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const notes = apiFor(ctx, user.userId, user.cookies);
    const section = await notes.createSection((await notes.createNotebook({ title: 'B' })).id, {
      title: 'S',
    });
    await notes.createNote(section.id, {
      title: 'P',
      content: `![a](${(stored.json() as { url: string }).url})`,
    });

    // Files' bytes are read where the database says (DatabaseHandle.fileReads): that is where they fail.
    const failing = {
      ...ctx.deps.database,
      fileReads: () => ctx.deps.database.fileReads().withPlugin(chunkReadsFail),
    };
    const stream = exportMarkdown({ ...ctx.deps, database: failing }, user.userId);
    const outcome = await new Promise<string>((resolve) => {
      stream.on('error', (error) => resolve(error.message));
      stream.on('end', () => resolve('ended'));
      stream.resume();
    });
    expect(outcome).toBe('chunk read failed');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/export/markdown', ...asUser(user.cookies) });
    expect(res.statusCode).toBe(200);
    expect((await unzip(res.rawPayload)).get('B/S/files/a.png')?.equals(png)).toBe(true);
  });
});

/** A read-only account (trial over, no subscription) keeps this way out too. */
describe.each(testEngines)('Markdown export for a read-only account on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  it('exports everything', async () => {
    const user = await signedInUser(ctx);
    const notes = apiFor(ctx, user.userId, user.cookies);
    const book = await notes.createNotebook({ title: 'Written during the trial' });
    const section = await notes.createSection(book.id, { title: 'Ideas' });
    await notes.createNote(section.id, { title: 'First', content: 'Kept.' });
    ctx.clock.advance(8 * DAY);
    const cookies = await signIn(ctx, user.email, user.password);
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/notebooks',
      payload: {},
      ...asUser(cookies),
    });
    expectError(blocked, 403, 'read_only');

    const res = await ctx.app.inject({ method: 'GET', url: '/api/export/markdown', ...asUser(cookies) });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries.get('Written during the trial/Ideas/First.md')?.toString('utf8')).toMatch(
      /\n---\n\nKept\.$/,
    );
  });
});
