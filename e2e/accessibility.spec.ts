import { writeFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { publishedPost } from './a11y-helpers.ts';
import { createConfirmedAccount, type TestAccount } from './accounts.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';

/**
 * axe-core on every screen (docs/PRODUCT.md §10.8): 0 critical and 0 serious violations, in light and dark, on a
 * desktop (1440 px) and a phone (390 px). One browser context per theme × width visits many screens, and
 * the findings of all of them are reported together, so one run shows everything that is wrong.
 * The theme follows the system by default, so `colorScheme: 'dark'` is the dark theme.
 */

const adminEmail = 'a11y-admin@jotlist.test';
test.use({ serverEnv: { ADMIN_EMAILS: adminEmail } });

// One admin per worker (each worker has its own server): the blog admin is part of the screens.
let admin: Promise<TestAccount> | undefined;
const adminAccount = (server: JotlistServer) => {
  admin ??= createConfirmedAccount(server, adminEmail, undefined, { starterContent: true });
  return admin;
};

interface Finding {
  screen: string;
  rule: string;
  impact: string | null | undefined;
  help: string;
  where: string[];
}

/** Runs axe on what the page shows now and keeps its serious and critical findings under `screen`. */
async function audit(page: Page, screen: string, findings: Finding[]) {
  const results = await new AxeBuilder({ page }).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      screen,
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      where: violation.nodes
        .slice(0, 4)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    });
  }
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

async function publicScreens(page: Page, slug: string, findings: Finding[]) {
  const pages: Array<[string, string]> = [
    ['landing', '/landing'],
    ['about', '/about'],
    ['contact', '/contact'],
    ['privacy', '/privacy'],
    ['terms', '/terms'],
    ['security', '/security'],
    ['blog list', '/blog'],
    ['blog post', `/blog/${slug}`],
    ['404', '/no-such-page'],
    ['sign in', '/auth/signin'],
    ['sign up', '/auth/signup'],
    ['forgot password', '/auth/forgot-password'],
    ['reset password', '/auth/reset-password?token=not-a-real-token'],
  ];
  for (const [screen, path] of pages) {
    await page.goto(path);
    await heading(page);
    if (screen === 'blog list') await expect(page.getByText('Loading posts...')).toBeHidden();
    await audit(page, screen, findings);
  }
  // The confirmation callback without a session: its state before it moves on to sign in (3 s).
  await page.goto('/auth/callback');
  await expect(page.getByRole('heading', { name: 'Email confirmation' })).toBeVisible();
  await audit(page, 'auth callback', findings);
}

async function signIn(page: Page, account: TestAccount) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app$/);
}

/** On a phone the sidebar is an overlay: opened when hidden. */
async function showSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Show sidebar' });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
}

async function workspaceScreens(page: Page, findings: Finding[], options: Options) {
  // Notes: the starter notebook open on a page.
  await showSidebar(page);
  await audit(page, 'workspace, first look', findings);
  // A wide screen opens a new account on the starter notebook's welcome page, its sections listed
  // (docs/PRODUCT.md §10.3); on a phone the notebook is opened here.
  if (options.width < 1280) await page.getByRole('button', { name: 'Getting started', exact: true }).click();
  else await expect(page.getByLabel('Page title')).toHaveValue('Welcome to Jotlist');
  await page.getByRole('button', { name: 'Welcome', exact: true }).click();
  await page.getByRole('button', { name: 'Write in Markdown', exact: true }).click();
  await expect(page.getByLabel('Page title')).toHaveValue('Write in Markdown');
  await audit(page, 'notes with a page open', findings);

  // The notebook's delete dialog.
  await showSidebar(page);
  await page.getByRole('button', { name: 'More actions for Getting started' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await audit(page, 'delete notebook dialog', findings);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Search results.
  await page.getByRole('searchbox', { name: 'Search notes' }).fill('Markdown');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  await audit(page, 'search results', findings);
  await page.getByRole('button', { name: 'Clear search' }).click();

  // Todos: the starter list open on a task with subtasks.
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'Getting started', exact: true }).click();
  await page.getByRole('button', { name: 'Try these', exact: true }).click();
  await page.getByRole('button', { name: 'Open this task to see its subtasks', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Subtasks' })).toBeVisible();
  await audit(page, 'todos with a task open', findings);
  await taskPanelScreens(page, findings);
  // The list fills the content area; on a narrow screen an open task takes its place until Back.
  const back = page.getByRole('button', { name: 'Back' });
  if (options.width < 1024 && (await back.isVisible())) await back.click();
  await expect(page.getByRole('list', { name: 'Tasks of Try these' })).toBeVisible();
  await audit(page, 'todos list with badges', findings);
  await page.getByRole('button', { name: 'More actions for Tick this task off' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await audit(page, 'delete task dialog', findings);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Today and Upcoming, across the lists.
  await showSidebar(page);
  await page.getByRole('button', { name: /^Today/ }).click();
  await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await audit(page, 'today', findings);
  await showSidebar(page);
  await page.getByRole('button', { name: /^Upcoming/ }).click();
  await expect(page.getByRole('heading', { name: 'Tomorrow' })).toBeVisible();
  await audit(page, 'upcoming', findings);

  // Settings, each tab, and the account deletion's dialog.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  for (const tab of ['Backup', 'Billing', 'Account', 'Calendars']) {
    await settings.getByRole('tab', { name: tab }).click();
    await expect(settings.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(settings.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    await audit(page, `settings, ${tab}`, findings);
  }
  await settings.getByRole('tab', { name: 'Account' }).click();
  await settings.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  await audit(page, 'delete account dialog', findings);
  await page.keyboard.press('Escape');
}

/**
 * The open task's parts that need a click: the details with the due time, the description editor (its
 * lazy chunk loaded), the label picker open with a label made in it, then that label's view.
 */
async function taskPanelScreens(page: Page, findings: Finding[]) {
  // The details start open for some tasks: opened only when closed.
  const details = page.getByRole('button', { name: 'Task Details' });
  if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click();
  await page.getByLabel('Due date', { exact: true }).fill('2030-03-14');
  await expect(page.getByLabel('Due time', { exact: true })).toBeEnabled();
  await page.getByLabel('Due time', { exact: true }).fill('17:30');
  await expect(page.getByRole('textbox', { name: 'Description' })).toBeVisible();
  await audit(page, 'task details with a due time, and the description editor', findings);
  await page.getByRole('button', { name: 'Labels', exact: true }).click();
  await page.getByLabel('Find or create a label').fill('errands');
  await page.getByLabel('Find or create a label').press('Enter');
  await expect(page.getByRole('checkbox', { name: 'errands' })).toBeChecked({ timeout: 15_000 });
  await audit(page, 'label picker open', findings);
  await showSidebar(page);
  await page
    .getByRole('list', { name: 'Labels' })
    .getByRole('button', { name: 'errands', exact: true })
    .click();
  await expect(
    page.getByRole('region', { name: 'Tasks' }).getByRole('heading', { name: 'errands' }),
  ).toBeVisible();
  await audit(page, 'label view', findings);
  // Back to the list the rest of the journey uses (on a phone the sidebar closed when the label opened).
  await showSidebar(page);
  await page.getByRole('button', { name: 'Try these', exact: true }).click();
}

async function signedInScreens(page: Page, findings: Finding[]) {
  for (const [screen, path] of [
    ['checkout success', '/checkout/success?session_id=cs_test_a11y'],
    ['checkout cancel', '/checkout/cancel'],
    ['blog admin', '/blog/admin'],
    ['blog editor', '/blog/admin/new'],
  ] as const) {
    await page.goto(path);
    await heading(page);
    await audit(page, screen, findings);
  }
}

async function auditEveryScreen(browser: Browser, server: JotlistServer, options: Options) {
  const account = await adminAccount(server);
  const slug = await publishedPost(server, account);
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: options.width, height: options.width > 800 ? 900 : 844 },
    colorScheme: options.colorScheme,
  });
  // Sign-ins from one address would trip the per-address limits across the four contexts.
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.88.${options.width % 250}.${options.index}` });
  const page = await context.newPage();
  const findings: Finding[] = [];
  try {
    await publicScreens(page, slug, findings);
    await signIn(page, account);
    await workspaceScreens(page, findings, options);
    await signedInScreens(page, findings);
  } finally {
    // A journey stopped part-way still shows what the screens before it found.
    writeFileSync(test.info().outputPath('axe-findings.json'), JSON.stringify(findings, null, 2));
    await context.close();
  }
  expect(findings).toEqual([]);
}

interface Options {
  width: number;
  colorScheme: 'light' | 'dark';
  index: number;
}

const runs: Options[] = [
  { width: 1440, colorScheme: 'light', index: 1 },
  { width: 390, colorScheme: 'light', index: 2 },
  { width: 1440, colorScheme: 'dark', index: 3 },
  { width: 390, colorScheme: 'dark', index: 4 },
];

test.describe('axe on every screen', () => {
  // Four long journeys: spread over the workers (each has its own server, admin and post).
  test.describe.configure({ mode: 'parallel' });
  for (const options of runs) {
    test(`${options.colorScheme}, ${options.width} px: no serious or critical violation`, async ({
      browser,
      server,
    }) => {
      test.setTimeout(300_000);
      await auditEveryScreen(browser, server, options);
    });
  }
});
