import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { ImportResult } from '../../../shared/schemas/backup.ts';
import { asUser, type SessionCookies, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { backupRateLimits } from './backup.routes.ts';
import { warmImportWorker } from './backup-import-thread.ts';
import { zipLimits } from './markdown-zip.ts';
import {
  buildZip,
  markEncrypted,
  renameInZip,
  understateSizes,
  type ZipEntry,
} from './markdown-zip-test-helpers.ts';

const mi = messages.markdownImport;
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(3000)]);
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(500)]);
const defaultLimits = { ...zipLimits };
/** Text of two-byte characters that does not compress much (a zip bomb it is not). */
const accented = (length: number) =>
  Array.from(randomBytes(length), (byte) => String.fromCharCode(0xe0 + (byte % 32))).join('');

interface User {
  userId: string;
  cookies: SessionCookies;
}

describe.each(testEngines)('Markdown import on %s', (engine) => {
  let ctx: TestContext;

  beforeAll(async () => {
    backupRateLimits.import.max = 1000;
    ctx = await buildTestApp(engine);
    // The import's worker thread starts here, not inside the first test's timeout.
    await warmImportWorker();
  });
  afterAll(() => ctx.close());
  afterEach(() => Object.assign(zipLimits, defaultLimits));

  const post = (user: User, zip: Buffer, query: Record<string, string> = {}, type = 'application/zip') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/backup/import?${new URLSearchParams(query)}`,
      headers: { 'content-type': type },
      payload: zip,
      ...asUser(user.cookies),
    });

  async function imported(user: User, entries: ZipEntry[], query: Record<string, string> = {}) {
    const zip = await buildZip(entries);
    const preview = await post(user, zip, { ...query, dryRun: 'true' });
    expect(preview.statusCode, preview.body).toBe(200);
    const before = await snapshot(user);
    const res = await post(user, zip, query);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    // The preview counted what the import then did, and wrote nothing itself.
    expect((preview.json() as ImportResult).counts).toEqual(result.counts);
    expect(before.notes).toBe(0);
    return result;
  }

  /** The account's notebooks, sections and pages as a tree of titles, and its counts. */
  async function tree(user: User) {
    const db = ctx.db.db;
    const notebooks = await db
      .selectFrom('notebooks')
      .selectAll()
      .where('user_id', '=', user.userId)
      .orderBy('position')
      .execute();
    const sections = await db.selectFrom('sections').selectAll().where('user_id', '=', user.userId).execute();
    const notes = await db.selectFrom('notes').selectAll().where('user_id', '=', user.userId).execute();
    return notebooks.map((notebook) => ({
      title: notebook.title,
      sections: sections
        .filter((s) => s.notebook_id === notebook.id)
        .sort((a, b) => a.position - b.position)
        .map((section) => ({
          title: section.title,
          pages: notes
            .filter((n) => n.section_id === section.id)
            .sort((a, b) => a.position - b.position)
            .map((n) => ({
              id: n.id,
              title: n.title,
              content: n.content,
              created: n.created_at,
              updated: n.updated_at,
            })),
        })),
    }));
  }

  async function snapshot(user: User) {
    const count = async (table: 'notes' | 'notebooks' | 'attachments' | 'todos') =>
      Number(
        (
          await ctx.db.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      notes: await count('notes'),
      notebooks: await count('notebooks'),
      attachments: await count('attachments'),
      todos: await count('todos'),
    };
  }

  const download = (user: User, url: string) =>
    ctx.app.inject({ method: 'GET', url, ...asUser(user.cookies) });
  const attachmentIn = (content: string) => /\/api\/attachments\/([0-9a-f-]{36})/.exec(content)?.[0] ?? '';

  it('imports an Obsidian-like vault: folders to notebooks and sections, wiki links, an embedded image', async () => {
    const alice = await signedInUser(ctx);
    const bob = await signedInUser(ctx);
    const bobBefore = await snapshot(bob);
    const result = await imported(
      alice,
      [
        { name: '.obsidian/app.json', data: '{}' },
        { name: 'Inbox.md', data: 'A loose note, see [[Plan|the plan]].' },
        { name: 'Work/Plan.md', data: '# The plan\n\nLinks to [[Ideas#Top]] and ![[diagram.png]].\n' },
        {
          name: 'Work/Projects/Ideas.md',
          data: '---\ntitle: Big ideas\ncreated: 2025-03-04T05:06:07Z\n---\nBack to [plan](../Plan.md) and [[Missing page]].\n',
        },
        { name: 'Work/Projects/Deep/Down/Note.md', data: '```\n[[Plan]] stays in code\n```\n' },
        { name: 'Work/assets/diagram.png', data: png },
        { name: 'Work/unused.bin', data: randomBytes(100) },
      ],
      { name: 'My Vault.zip' },
    );
    expect(result.counts).toMatchObject({ notebooks: 2, sections: 4, notes: 4, files: 1 });

    const notebooks = await tree(alice);
    expect(
      notebooks.map((n) => [n.title, n.sections.map((s) => [s.title, s.pages.map((p) => p.title)])]),
    ).toEqual([
      ['My Vault', [['Notes', ['Inbox']]]],
      [
        'Work',
        [
          ['Notes', ['The plan']],
          ['Projects', ['Big ideas']],
          ['Projects / Deep / Down', ['Note']],
        ],
      ],
    ]);
    const [vault, work] = notebooks;
    const plan = work?.sections[0]?.pages[0];
    const ideas = work?.sections[1]?.pages[0];
    expect(vault?.sections[0]?.pages[0]?.content).toBe(
      `A loose note, see [the plan](/app/pages/${plan?.id}).`,
    );
    const image = attachmentIn(plan?.content ?? '');
    expect(plan?.content).toBe(
      `# The plan\n\nLinks to [Ideas](/app/pages/${ideas?.id}) and ![diagram](${image}).\n`,
    );
    expect(ideas?.content).toBe(`Back to [plan](/app/pages/${plan?.id}) and [[Missing page]].\n`);
    expect(ideas?.created).toBe('2025-03-04T05:06:07.000Z');
    expect(work?.sections[2]?.pages[0]?.content).toBe('```\n[[Plan]] stays in code\n```\n');
    // The entry's time when the front matter has none.
    expect(plan?.created).toBe('2026-01-02T03:04:05.000Z');

    const file = await download(alice, image);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
    // Another user sees none of it, and has nothing new.
    expect((await download(bob, image)).statusCode).toBe(404);
    expect(await snapshot(bob)).toEqual(bobBefore);
  });

  it('imports a Notion-like export: hex ids stripped from names and titles, relative links kept working', async () => {
    const user = await signedInUser(ctx);
    const hex = () => randomUUID().replaceAll('-', '');
    const [a, b, c] = [hex(), hex(), hex()];
    await imported(user, [
      {
        name: `Team ${a}/Roadmap ${b}.md`,
        data: `# Roadmap\n\nSee [Spec](Roadmap%20${b}/Spec%20${c}.md)\n\n![chart](Roadmap%20${b}/chart.png)`,
      },
      { name: `Team ${a}/Roadmap ${b}/Spec ${c}.md`, data: '# Spec\n\nDetails.' },
      { name: `Team ${a}/Roadmap ${b}/chart.png`, data: png },
    ]);
    const [team] = await tree(user);
    expect(team?.title).toBe('Team');
    expect(team?.sections.map((s) => s.title)).toEqual(['Notes', 'Roadmap']);
    const roadmap = team?.sections[0]?.pages[0];
    const spec = team?.sections[1]?.pages[0];
    expect(roadmap?.title).toBe('Roadmap');
    expect(spec?.title).toBe('Spec');
    expect(roadmap?.content).toContain(`[Spec](/app/pages/${spec?.id})`);
    expect(roadmap?.content).toMatch(/!\[chart\]\(\/api\/attachments\/[0-9a-f-]{36}\)$/);
  });

  it('imports our own Markdown export: tree, front matter, files, empty sections and the to-do lists', async () => {
    const user = await signedInUser(ctx);
    const result = await imported(user, [
      { name: 'README.md', data: 'Exported from Jotlist.' },
      { name: 'Work/' },
      { name: 'Work/Meetings/' },
      { name: 'Work/Empty section/' },
      { name: 'Empty notebook/' },
      {
        name: 'Work/Meetings/Standup.md',
        data: '---\ntitle: "Standup: \\"daily\\""\ncreated: 2026-11-28T09:00:00.000Z\nupdated: 2026-11-28T10:00:00.000Z\n---\nNotes ![shot](files/screen%20shot%20%281%29.png) and [spec (1 KB)](files/spec.pdf)\n',
      },
      { name: 'Work/Meetings/files/screen shot (1).png', data: png },
      { name: 'Work/Meetings/files/spec.pdf', data: pdf },
      {
        name: 'Todos/Errands.md',
        data: [
          '---',
          'title: "Errands"',
          'created: 2026-11-01T00:00:00.000Z',
          'updated: 2026-11-02T00:00:00.000Z',
          'type: todo-list',
          '---',
          '## Shop',
          '- [ ] Buy aubergines 📅 2026-12-01 ⏫ #food #market',
          '  - [ ] Find the market',
          '  - [x] Bring a bag',
          '- [x] Pay rent 📅 2026-12-01 17:00 🔽 🔁 FREQ=MONTHLY',
          "  > Landlord's account",
          '## Later',
          '- [ ] Paint 🔼',
          '',
        ].join('\n'),
      },
      { name: 'Todos/tasks.ics', data: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
    ]);
    expect(result.counts).toMatchObject({
      notebooks: 2,
      sections: 2,
      notes: 1,
      todoLists: 1,
      categories: 2,
      todoItems: 3,
      subtasks: 2,
      labels: 2,
      taskLabels: 2,
      files: 2,
    });
    const notebooks = await tree(user);
    expect(notebooks.map((n) => [n.title, n.sections.map((s) => s.title)])).toEqual([
      ['Work', ['Meetings', 'Empty section']],
      ['Empty notebook', []],
    ]);
    const page = notebooks[0]?.sections[0]?.pages[0];
    expect(page).toMatchObject({
      title: 'Standup: "daily"',
      created: '2026-11-28T09:00:00.000Z',
      updated: '2026-11-28T10:00:00.000Z',
    });
    const links = [...(page?.content ?? '').matchAll(/\/api\/attachments\/[0-9a-f-]{36}/g)].map((x) => x[0]);
    expect(page?.content).toBe(`Notes ![shot](${links[0]}) and [spec (1 KB)](${links[1]})\n`);
    const stored = await download(user, links[1] ?? '');
    expect(stored.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(stored.rawPayload, pdf)).toBe(0);

    const db = ctx.db.db;
    const tasks = await db
      .selectFrom('todo_items')
      .selectAll()
      .where('user_id', '=', user.userId)
      .orderBy('position')
      .orderBy('text')
      .execute();
    const byText = new Map(tasks.map((t) => [t.text, t]));
    expect(byText.get('Buy aubergines')).toMatchObject({
      due_date: '2026-12-01',
      priority: 'high',
      completed: 0,
    });
    expect(byText.get('Pay rent')).toMatchObject({
      due_date: '2026-12-01',
      due_time: '17:00',
      priority: 'low',
      completed: 1,
      repeat_rule: 'FREQ=MONTHLY',
      description: "Landlord's account",
    });
    expect(byText.get('Paint')).toMatchObject({ priority: 'medium', due_date: null });
    const labels = await db.selectFrom('labels').select('name').where('user_id', '=', user.userId).execute();
    expect(labels.map((l) => l.name).sort()).toEqual(['food', 'market']);
  });

  it('keeps the account as it was and says why for each refused zip', async () => {
    const user = await signedInUser(ctx);
    const before = await snapshot(user);
    const page = { name: 'Notes/page.md', data: 'hello' };
    const refusals: Array<[string, Buffer, string]> = [
      ['not a zip, declared one', Buffer.from('PK? not really a zip at all'), mi.notZip],
      ['a truncated zip', (await buildZip([page, { name: 'x.md', data: 'y' }])).subarray(0, 60), mi.notZip],
      [
        'path traversal',
        renameInZip(await buildZip([{ name: 'aa/evil.md', data: 'x' }]), 'aa/evil.md', '../evil.md'),
        mi.unsafeName(''),
      ],
      [
        'an absolute path',
        renameInZip(await buildZip([{ name: 'aevil.md', data: 'x' }]), 'aevil.md', '/evil.md'),
        mi.unsafeName(''),
      ],
      [
        'a backslash',
        renameInZip(await buildZip([{ name: 'a/evil.md', data: 'x' }]), 'a/evil.md', 'a\\evil.md'),
        mi.unsafeName(''),
      ],
      [
        'a drive letter',
        renameInZip(await buildZip([{ name: 'C_/evil.md', data: 'x' }]), 'C_/evil.md', 'C:/evil.md'),
        mi.unsafeName(''),
      ],
      [
        'a symlink',
        await buildZip([page, { name: 'Notes/link.md', data: '/etc/passwd', mode: 0o120777 }]),
        mi.symlink('Notes/link.md'),
      ],
      ['an encrypted entry', markEncrypted(await buildZip([page])), mi.encrypted('Notes/page.md')],
      [
        'a zip bomb (ratio)',
        await buildZip([
          { name: 'Notes/page.md', data: '[z](zeros.bin)' },
          { name: 'Notes/zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) },
        ]),
        mi.tooBig,
      ],
      [
        'a header that lies',
        understateSizes(await buildZip([{ name: 'Notes/big.md', data: 'a'.repeat(5000) }])),
        mi.tooBig,
      ],
      [
        'a page over 1 MB',
        await buildZip([{ name: 'Notes/long.md', data: randomBytes(800 * 1024).toString('hex') }]),
        mi.pageTooLarge('Notes/long.md'),
      ],
      [
        'a page over 1 MB once its front matter is off',
        await buildZip([
          { name: 'Notes/just.md', data: `---\ntitle: x\n---\n${accented(512 * 1024 + 100)}` },
        ]),
        mi.pageTooLarge('Notes/just.md'),
      ],
      [
        'a page not UTF-8',
        await buildZip([{ name: 'Notes/latin1.md', data: Buffer.from([0x63, 0x61, 0x66, 0xe9]) }]),
        mi.notUtf8('Notes/latin1.md'),
      ],
    ];
    for (const [why, zip, message] of refusals) {
      for (const dryRun of ['true', 'false']) {
        const res = await post(user, zip, { dryRun });
        expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
        const body = res.json() as { error: { message: string } };
        // yauzl names some bad names itself: either way the refusal is the unsafe-name one.
        if (message === mi.unsafeName('')) expect(body.error.message, why).toMatch(/outside its own folder/);
        else expect(body.error.message, why).toBe(message);
      }
    }
    // Too many entries, and too much in all: the limits are lowered to keep the test small.
    zipLimits.entries = 3;
    const many = await post(user, await buildZip([1, 2, 3, 4].map((n) => ({ name: `${n}.md`, data: 'x' }))));
    expect(many.json()).toMatchObject({ error: { message: mi.tooManyEntries(3) } });
    Object.assign(zipLimits, defaultLimits, { totalBytes: 10_000 });
    const total = await post(
      user,
      await buildZip([1, 2, 3].map((n) => ({ name: `${n}.md`, data: randomBytes(2500).toString('hex') }))),
    );
    expect(total.json()).toMatchObject({ error: { message: mi.tooBig } });
    expect(await snapshot(user)).toEqual(before);
  });

  it('refuses files past the per-file limit or the account room, with nothing written, files included', async () => {
    const user = await signedInUser(ctx);
    // The account has room for one of the two images, not both: the first is stored, then rolled back.
    const quota = 100 * 1024 * 1024;
    await ctx.db.db
      .insertInto('attachments')
      .values({
        id: randomUUID(),
        user_id: user.userId,
        name: 'big.bin',
        type: 'application/octet-stream',
        size: quota - png.length - 500,
        complete: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const before = await snapshot(user);
    const zip = await buildZip([
      { name: 'Notes/a.md', data: '![](one.png) ![](two.png)' },
      { name: 'Notes/one.png', data: png },
      { name: 'Notes/two.png', data: png },
    ]);
    for (const dryRun of ['true', 'false']) {
      const res = await post(user, zip, { dryRun });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ error: { message: messages.attachments.quotaExceeded } });
    }
    expect(await snapshot(user)).toEqual(before);

    const other = await signedInUser(ctx);
    const huge = await buildZip([
      { name: 'a.md', data: '[big](big.bin)' },
      { name: 'big.bin', data: randomBytes(25 * 1024 * 1024 + 1), compress: false },
    ]);
    const res = await post(other, huge);
    expect(res.json()).toMatchObject({ error: { message: mi.fileTooLarge('big.bin') } });
    expect(await snapshot(other)).toEqual({ notes: 0, notebooks: 0, attachments: 0, todos: 0 });
  });

  it('still imports JSON, and refuses a file that is neither JSON nor a zip with the spec message', async () => {
    const user = await signedInUser(ctx);
    const res = await post(user, Buffer.from('hello'), {}, 'application/json');
    expect(res.json()).toMatchObject({ error: { message: messages.backup.notJson } });
    const octet = await post(user, Buffer.from('hello'), {}, 'application/octet-stream');
    expect(octet.json()).toMatchObject({ error: { message: mi.notZip } });
    // A zip sent as JSON is still a zip (its bytes decide).
    const zip = await post(user, await buildZip([{ name: 'Hello.md', data: 'hi' }]), {}, 'application/json');
    expect(zip.statusCode, zip.body).toBe(200);
    expect((await tree(user))[0]).toMatchObject({
      title: 'Imported',
      sections: [{ title: 'Notes', pages: [{ title: 'Hello' }] }],
    });
    // Clearing first: the account then holds only the zip's notebook.
    const clearing = await post(user, await buildZip([{ name: 'Fresh/Start.md', data: 'new' }]), {
      clearExisting: 'true',
    });
    expect(clearing.json()).toMatchObject({ clearedExisting: true, counts: { notebooks: 1, notes: 1 } });
    expect((await tree(user)).map((n) => n.title)).toEqual(['Fresh']);
  });
});
