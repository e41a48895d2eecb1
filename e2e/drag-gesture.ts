import type { Locator, Page } from '@playwright/test';

/**
 * A mouse drag as a person makes it, up to the release: press on `from`'s middle, a small move (dnd-kit
 * starts a drag past a few pixels), then to `to`'s middle in small steps. The journeys (notes-helpers.ts)
 * release at once; the workspace benchmark times from the release. No test-runner import: the benchmark
 * runs outside Playwright Test.
 */
export async function dragOver(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: element not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 1, { steps: 2 });
}
