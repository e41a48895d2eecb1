// The "stays usable" check (docs/performance.md) for the large accounts of the workspace-tree benchmark: finding a page far from
// anything opened, scrolling a section's pages, and dragging a page, each timed in Chromium as a person
// does it. Figures only, never asserted.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { dragOver } from '../e2e/drag-gesture.ts';
import { percentile } from './benchmark.ts';

const ms = (value: number) => `${value.toFixed(0)} ms`;
/** Palette searches; the first also fetches the page index. */
const searches = 3;
/** Frames over which the Pages pane is scrolled from its top to its end. */
const scrollFrames = 120;
/** Drags; the first also downloads dnd-kit (docs/performance.md: it loads on the first drag). */
const drags = 3;

interface Outline {
  notebooks: Array<{ title: string; sections: Array<{ id: string; title: string }> }>;
}

/** GET through the browser's own session (its cookies, refreshed as it went): the server's JSON. */
async function getJson<T>(context: BrowserContext, url: string): Promise<T> {
  const res = await context.request.get(url);
  if (!res.ok()) throw new Error(`${url}: ${res.status()}`);
  return (await res.json()) as T;
}

/** The last page of the account's last section: a section the workspace has not opened. */
async function farPageTitle(context: BrowserContext, baseURL: string, outline: Outline): Promise<string> {
  const section = outline.notebooks.at(-1)?.sections.at(-1);
  if (!section) throw new Error('the seeded account has no section');
  const list = await getJson<{ notes: Array<{ title: string }> }>(
    context,
    `${baseURL}/api/sections/${section.id}/notes`,
  );
  const title = list.notes.at(-1)?.title;
  if (!title) throw new Error('the last section has no page');
  return title;
}

async function openWorkspace(context: BrowserContext, baseURL: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseURL}/app`);
  await page.locator('ul[aria-label="Notebooks"] > li').first().waitFor();
  return page;
}

/** Ctrl+K, the far page's title typed in one go → its option listed, `searches` times in one tab. */
async function measureSearch(page: Page, title: string): Promise<number[]> {
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  const input = dialog.getByRole('combobox', { name: 'Search or jump to' });
  const times: number[] = [];
  for (let i = 0; i < searches; i++) {
    const started = performance.now();
    await page.keyboard.press('ControlOrMeta+K');
    await input.fill(title);
    await dialog.getByRole('option').filter({ hasText: title }).first().waitFor();
    times.push(performance.now() - started);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
  return times;
}

/** Selects the notebook and its section: the section's pages listed in the Pages pane. */
async function openSection(page: Page, notebook: string, section: string): Promise<Locator> {
  // The workspace reopens where it was last left: the notebook may be open already (a click would close it).
  const sections = page.getByRole('list', { name: `Sections of ${notebook}` });
  if (!(await sections.isVisible())) await page.getByRole('button', { name: notebook, exact: true }).click();
  await sections.getByRole('button', { name: section, exact: true }).click();
  const rows = page.getByRole('list', { name: `Pages of ${section}` }).getByRole('listitem');
  await rows.nth(2).waitFor();
  return rows;
}

/**
 * Scrolls the Pages pane (the open section's pages) from its top to its end over `scrollFrames` frames,
 * then back: the p95 and longest gap between frames while it scrolls.
 */
async function measureScroll(page: Page) {
  // No named function inside: tsx would wrap it in a helper the page does not have.
  const gaps = await page.evaluate(async (frames) => {
    const pane = document.querySelector<HTMLElement>('[data-tree-scroll="pages"]');
    if (!pane) throw new Error('no Pages pane');
    const step = (pane.scrollHeight - pane.clientHeight) / frames;
    const times: number[] = [];
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < frames; i++) {
      pane.scrollTop += step;
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      times.push(now - last);
      last = now;
    }
    pane.scrollTop = 0;
    await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    return times;
  }, scrollFrames);
  gaps.sort((a, b) => a - b);
  return { p95: percentile(gaps, 95), max: gaps.at(-1) ?? Number.NaN };
}

/**
 * In the open section, the third page dragged onto the first, `drags` times: release → the row shown in
 * its new place, and release → the server's answer to the new order.
 */
async function measureDrag(page: Page, rows: Locator) {
  const shown: number[] = [];
  const saved: number[] = [];
  for (let i = 0; i < drags; i++) {
    const moving = (await rows.nth(2).textContent())?.trim() ?? '';
    await dragOver(page, rows.nth(2).locator(':scope > div'), rows.nth(0).locator(':scope > div'));
    // The new order of the section's pages, in one request (PUT /api/sections/:id/notes/order).
    const answer = page.waitForResponse(
      (res) => res.request().method() === 'PUT' && new URL(res.url()).pathname.endsWith('/notes/order'),
    );
    const released = performance.now();
    await page.mouse.up();
    await rows.nth(0).filter({ hasText: moving }).waitFor();
    shown.push(performance.now() - released);
    if (!(await answer).ok()) throw new Error('the move was refused');
    saved.push(performance.now() - released);
  }
  return { shown, saved };
}

/** Lines to print under the case's other figures. */
export async function measureUsability(context: BrowserContext, baseURL: string): Promise<string[]> {
  const outline = await getJson<Outline>(context, `${baseURL}/api/notes/tree?pages=count`);
  const title = await farPageTitle(context, baseURL, outline);
  const first = outline.notebooks[0];
  const firstSection = first?.sections[0];
  if (!first || !firstSection) throw new Error('the seeded account has no section');
  const lines: string[] = [];

  const page = await openWorkspace(context, baseURL);
  try {
    const found = await measureSearch(page, title);
    lines.push(
      `    search: Ctrl+K, the title of a page in a section never opened → it is listed: first ${ms(found[0] ?? Number.NaN)} ` +
        `(fetches the page index too), then ${found.slice(1).map(ms).join(', ')}`,
    );
  } finally {
    await page.close();
  }

  const working = await openWorkspace(context, baseURL);
  try {
    const rows = await openSection(working, first.title, firstSection.title);
    const count = await rows.count();
    const scroll = await measureScroll(working);
    lines.push(
      `    scrolling the Pages pane of a section (${count.toLocaleString('en-US')} rows listed) to its end over ` +
        `${scrollFrames} frames: frame gap p95 ${ms(scroll.p95)}, longest ${ms(scroll.max)}`,
    );
    const moved = await measureDrag(working, rows);
    lines.push(
      `    drag a page onto the first of its section, release → shown there: ${moved.shown.map(ms).join(', ')}` +
        `; → saved: ${moved.saved.map(ms).join(', ')} (the first also downloads dnd-kit)`,
    );
  } finally {
    await working.close();
  }
  return lines;
}
