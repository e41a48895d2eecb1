import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, type JotlistServer, test } from './fixtures.ts';
import { savedContent, signInAs, signInToWorkspace } from './notes-helpers.ts';

/**
 * Two devices of one account, both offline (docs/client.md, Offline): edits of different paragraphs of
 * one page both reach the server (a three-way merge against the text both started from), edits of the
 * same paragraph show the conflict with both versions, and a task's due date changed on one device and
 * its title on the other both stay (a task write sends only the fields changed).
 */

test.use({ viewport: { width: 1440, height: 900 } });
// Two browsers, each going offline and back, on a loaded machine.
test.setTimeout(60_000);

const startText = 'Flights booked.\n\nHotel to find.\n\nPack light.';
const conflictWords = 'This page was changed in another tab or on another device.';
const offlineWords = 'Offline — changes kept on this device';

interface Devices {
  laptop: Page;
  phone: Page;
  laptopContext: BrowserContext;
  phoneContext: BrowserContext;
  noteId: string;
  taskId: string;
}

async function seed(page: Page, server: JotlistServer) {
  const post = async (path: string, data: object) => {
    const response = await page.request.post(`${server.baseURL}${path}`, {
      data,
      headers: { origin: server.baseURL },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  const work = await post('/api/notebooks', { title: 'Work' });
  const trips = await post('/api/sections', { notebookId: work.id, title: 'Trips' });
  const note = await post('/api/notes', { sectionId: trips.id, title: 'Lisbon', content: startText });
  const home = await post('/api/todos', { title: 'Home' });
  const chores = await post('/api/categories', { todoId: home.id, title: 'Chores' });
  const task = await post('/api/tasks', { todoId: home.id, categoryId: chores.id, text: 'Buy bread' });
  return { noteId: note.id, taskId: task.id };
}

/** One account signed in on a laptop (the test's page) and on a phone (a second browser context). */
async function twoDevices(
  page: Page,
  context: BrowserContext,
  browser: Browser,
  server: JotlistServer,
): Promise<Devices> {
  const account = await signInToWorkspace(page, server);
  const ids = await seed(page, server);
  await page.reload();
  const phoneContext = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1440, height: 900 },
  });
  const phone = await phoneContext.newPage();
  await signInAs(phone, account);
  return { laptop: page, phone, laptopContext: context, phoneContext, ...ids };
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Page content' });
const saveStatus = (page: Page, words: string) => page.getByRole('status').filter({ hasText: words });

async function openPage(page: Page) {
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Trips', exact: true }).click();
  await page
    .getByRole('region', { name: 'Pages' })
    .getByRole('button', { name: 'Lisbon', exact: true })
    .click();
  await expect(editor(page)).toContainText('Pack light.');
}

/**
 * Records whether the conflict notice is ever put on screen from now on (a banner shown and gone
 * before an assertion looks would otherwise pass unseen).
 */
async function watchForConflictNotice(page: Page) {
  await page.evaluate(() => {
    const seen = () => {
      if (document.getElementById('conflict-notice'))
        document.documentElement.dataset.sawConflictNotice = 'yes';
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
    seen();
  });
}

const sawConflictNotice = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.sawConflictNotice === 'yes');

/** Types `addition` at the end of the paragraph that reads `paragraph`, as a person would. */
async function appendToParagraph(page: Page, paragraph: string, addition: string) {
  await editor(page).getByText(paragraph, { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(addition);
}

/** The save of `noteId` this device sends once it is online again, and the server's answer. */
const pageSave = (page: Page, noteId: string) =>
  page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/notes/${noteId}`),
  );

test('two devices editing different paragraphs offline both keep their text', async ({
  page,
  context,
  browser,
  server,
}) => {
  const { laptop, phone, laptopContext, phoneContext, noteId } = await twoDevices(
    page,
    context,
    browser,
    server,
  );
  await openPage(laptop);
  await openPage(phone);
  await watchForConflictNotice(laptop);
  await watchForConflictNotice(phone);

  await laptopContext.setOffline(true);
  await phoneContext.setOffline(true);
  await appendToParagraph(laptop, 'Flights booked.', ' Seat 12A.');
  await appendToParagraph(phone, 'Pack light.', ' Sandals too.');
  // Each tried to save and kept the text on the device.
  await expect(saveStatus(laptop, offlineWords)).toBeVisible();
  await expect(saveStatus(phone, offlineWords)).toBeVisible();

  const laptopEdited = 'Flights booked. Seat 12A.\n\nHotel to find.\n\nPack light.';
  const laptopSaved = pageSave(laptop, noteId);
  await laptopContext.setOffline(false);
  expect((await laptopSaved).status()).toBe(200);
  await expect(saveStatus(laptop, 'Saved')).toBeVisible();
  expect(await savedContent(laptop, noteId)).toBe(laptopEdited);

  // The phone's save meets the laptop's newer version: the two edits touch different paragraphs, so
  // the phone merges and saves the result.
  const merged = 'Flights booked. Seat 12A.\n\nHotel to find.\n\nPack light. Sandals too.';
  await phoneContext.setOffline(false);
  await expect(saveStatus(phone, 'Saved')).toBeVisible();
  await expect.poll(() => savedContent(phone, noteId)).toBe(merged);
  await expect(editor(phone)).toHaveText(merged.replaceAll('\n', ''));
  // The laptop, not editing any more, follows the phone's save live.
  await expect(editor(laptop)).toContainText('Sandals too.');
  expect(await sawConflictNotice(laptop)).toBe(false);
  expect(await sawConflictNotice(phone)).toBe(false);

  for (const device of [laptop, phone]) {
    await device.reload();
    await expect(editor(device)).toContainText('Seat 12A.');
    await expect(editor(device)).toContainText('Sandals too.');
  }
  await phoneContext.close();
});

test('edits of the same paragraph offline show the conflict with both versions; the choice is kept', async ({
  page,
  context,
  browser,
  server,
}) => {
  const { laptop, phone, laptopContext, phoneContext, noteId } = await twoDevices(
    page,
    context,
    browser,
    server,
  );
  await openPage(laptop);
  await openPage(phone);

  await laptopContext.setOffline(true);
  await phoneContext.setOffline(true);
  await appendToParagraph(laptop, 'Hotel to find.', ' Near the river.');
  await appendToParagraph(phone, 'Hotel to find.', ' In Alfama.');
  await expect(saveStatus(laptop, offlineWords)).toBeVisible();
  await expect(saveStatus(phone, offlineWords)).toBeVisible();

  const laptopText = 'Flights booked.\n\nHotel to find. Near the river.\n\nPack light.';
  const phoneText = 'Flights booked.\n\nHotel to find. In Alfama.\n\nPack light.';
  await laptopContext.setOffline(false);
  await expect(saveStatus(laptop, 'Saved')).toBeVisible();
  expect(await savedContent(laptop, noteId)).toBe(laptopText);

  const refused = pageSave(phone, noteId);
  await phoneContext.setOffline(false);
  expect((await refused).status()).toBe(409);
  // The phone keeps its own text on screen and shows the laptop's beside it.
  const notice = phone.getByRole('region', { name: 'Their version' });
  await expect(notice.getByRole('alert')).toHaveText(conflictWords);
  await expect(notice.getByRole('textbox', { name: 'Their version' })).toHaveValue(`Lisbon\n\n${laptopText}`);
  await expect(editor(phone)).toContainText('In Alfama.');
  await expect(saveStatus(phone, conflictWords)).toBeVisible();
  // Nothing was written over the laptop's text meanwhile.
  expect(await savedContent(phone, noteId)).toBe(laptopText);

  await notice.getByRole('button', { name: 'Keep mine' }).click();
  await expect(saveStatus(phone, 'Saved')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await savedContent(phone, noteId)).toBe(phoneText);
  // The laptop's text it replaced stays in the page's history.
  expect(await historyTexts(phone, noteId)).toContain(laptopText);

  // The laptop follows the choice.
  await expect(editor(laptop)).toContainText('In Alfama.');
  await laptop.reload();
  await expect(editor(laptop)).toContainText('In Alfama.');
  await expect(editor(laptop)).not.toContainText('Near the river.');
  await phoneContext.close();
});

/** Every text the page's history keeps, read through the API. */
async function historyTexts(page: Page, noteId: string): Promise<string[]> {
  const list = await page.request.get(`/api/notes/${noteId}/versions`);
  expect(list.status()).toBe(200);
  const { versions } = (await list.json()) as { versions: { id: string }[] };
  const texts: string[] = [];
  for (const version of versions) {
    const one = await page.request.get(`/api/notes/${noteId}/versions/${version.id}`);
    texts.push(((await one.json()) as { content: string }).content);
  }
  return texts;
}

async function openTask(page: Page) {
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Chores', exact: true }).click();
  await page.getByRole('button', { name: 'Buy bread', exact: true }).click();
  await expect(page.getByLabel('Task title')).toHaveValue('Buy bread');
}

/** The task's write this device sends once it is online again. */
const taskSave = (page: Page, taskId: string) =>
  page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/tasks/${taskId}`),
  );

test('a due date changed on one device and the title on the other both stay', async ({
  page,
  context,
  browser,
  server,
}) => {
  const { laptop, phone, laptopContext, phoneContext, taskId } = await twoDevices(
    page,
    context,
    browser,
    server,
  );
  await openTask(laptop);
  await openTask(phone);

  await laptopContext.setOffline(true);
  await phoneContext.setOffline(true);
  await laptop.getByLabel('Due date', { exact: true }).fill('2031-03-14');
  await expect(laptop.getByLabel('Due date', { exact: true })).toHaveValue('2031-03-14');
  const title = phone.getByLabel('Task title');
  await title.fill('Buy rye bread');
  await title.press('Enter');
  await expect(phone.getByRole('button', { name: 'Buy rye bread', exact: true })).toBeVisible();

  const laptopSaved = taskSave(laptop, taskId);
  await laptopContext.setOffline(false);
  const laptopWrite = await laptopSaved;
  expect(laptopWrite.status()).toBe(200);
  const phoneSaved = taskSave(phone, taskId);
  await phoneContext.setOffline(false);
  const phoneWrite = await phoneSaved;
  expect(phoneWrite.status()).toBe(200);
  // Each device sent only the field the person changed, not its stale copy of the others.
  expect(laptopWrite.request().postDataJSON()).toEqual({ dueDate: '2031-03-14' });
  expect(phoneWrite.request().postDataJSON()).toEqual({ text: 'Buy rye bread' });

  const stored = await phone.request.get(`/api/tasks/${taskId}`);
  expect(await stored.json()).toMatchObject({ text: 'Buy rye bread', dueDate: '2031-03-14' });

  // Each device settles on both changes (live), and again after a reload.
  for (const device of [laptop, phone]) {
    await expect(device.getByLabel('Task title')).toHaveValue('Buy rye bread');
    await expect(device.getByLabel('Due date', { exact: true })).toHaveValue('2031-03-14');
  }
  for (const device of [laptop, phone]) {
    await device.reload();
    await expect(device.getByLabel('Task title')).toHaveValue('Buy rye bread');
    await expect(device.getByLabel('Due date', { exact: true })).toHaveValue('2031-03-14');
  }
  await phoneContext.close();
});
