import type { Page } from '@playwright/test';
import { createConfirmedAccount } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/**
 * Drag and drop by keyboard as a screen-reader user does it (docs/PRODUCT.md §10.8): Space lifts, arrows move,
 * Space drops, and dnd-kit's live region says what moved where, by name, never by id.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * dnd-kit announces `Picked up` as the drag starts but listens for the arrow keys only from the next
 * task (its KeyboardSensor's setTimeout); a key pressed in between is lost. One zero-delay task run in
 * the page after the announcement comes after that timer (timers of equal delay run in order).
 */
const keysListened = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function signInWithStarterContent(page: Page, server: Parameters<typeof createConfirmedAccount>[0]) {
  const account = await createConfirmedAccount(server, undefined, undefined, { starterContent: true });
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app$/);
}

test('a page moved with the keyboard is announced by name and place, and stays moved', async ({
  page,
  server,
}) => {
  await signInWithStarterContent(page, server);
  // A new account opens on the starter notebook's welcome page (docs/PRODUCT.md §10.3): its sections are listed.
  await page.getByRole('button', { name: 'Tips', exact: true }).click();
  const pages = page.getByRole('list', { name: 'Pages of Tips' });
  await expect(pages.getByRole('listitem')).toHaveCount(4);

  const grip = page.getByRole('button', { name: 'Move page Find anything' });
  await expect(grip).toHaveAccessibleDescription(/press Space/);
  await grip.focus();
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Picked up page "Find anything".');
  await keysListened(page);
  await page.keyboard.press('ArrowDown');
  await expect(liveRegion(page)).toHaveText('Moved page "Find anything" to section "Tips", position 2 of 4.');
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText(
    'Dropped page "Find anything" in section "Tips", position 2 of 4.',
  );

  const order = ['Keyboard shortcuts', 'Find anything', 'Calendars', 'Back up your data'];
  await expect(pages.getByRole('listitem')).toHaveText(order);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Pages of Tips' }).getByRole('listitem')).toHaveText(order);
});

test('a cancelled keyboard drag says so and moves nothing', async ({ page, server }) => {
  await signInWithStarterContent(page, server);
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'Getting started', exact: true }).click();
  const grip = page.getByRole('button', { name: 'Move category Next' });
  await grip.focus();
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Picked up category "Next".');
  await keysListened(page);
  await page.keyboard.press('ArrowUp');
  await expect(liveRegion(page)).toHaveText(
    'Moved category "Next" to list "Getting started", position 1 of 2.',
  );
  await page.keyboard.press('Escape');
  await expect(liveRegion(page)).toHaveText('Cancelled moving category "Next". It stays where it was.');
  await expect(
    page.getByRole('list', { name: 'Categories of Getting started' }).getByRole('listitem'),
  ).toHaveText([/Try these/, /Next/, /New category/]);
});
