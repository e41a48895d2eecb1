import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

const publicPages = ['/landing', '/about', '/privacy', '/terms', '/security', '/contact'];

test.describe('accessibility of the public pages', () => {
  for (const path of publicPages) {
    test(`${path} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          where: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        }));
      expect(blocking).toEqual([]);
    });
  }
});
