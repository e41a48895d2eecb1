import { test as base, expect } from '@playwright/test';
import { type Cluster, startCluster } from '../src/server/test/cluster.ts';
import { createConfirmedAccount } from './accounts.ts';
import { createNotebook, createPage, createSection, pagesList } from './notes-helpers.ts';

/**
 * docs/operations.md: the notes journey in a real browser through the nginx of deploy/nginx.conf, in front of two
 * instances on one PostgreSQL database. nginx takes turns, so consecutive requests of one page land on
 * different instances: sessions, caches and writes must not care which one answers.
 * Not the shared fixtures' single server: this file starts its own cluster, once per worker. Without
 * PostgreSQL or nginx, playwright.config.ts leaves this file out.
 */
const test = base.extend<object, { clusterEnv: Record<string, string>; cluster: Cluster }>({
  clusterEnv: [{}, { scope: 'worker', option: true }],
  cluster: [
    async ({ clusterEnv }, use) => {
      const cluster = await startCluster({
        instances: 2,
        env: { CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? '', ...clusterEnv },
      });
      await use(cluster);
      await cluster.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ cluster }, use) => {
    await use(cluster.url);
  },
});

test.use({ viewport: { width: 1440, height: 900 } });

test('a notes journey with requests alternating between two instances', async ({ page, cluster }) => {
  // Every request crosses nginx to one of two servers on a busy machine.
  test.slow();
  const served = new Map<string, number>();
  page.on('response', (response) => {
    const instance = response.headers()['x-instance'];
    if (instance) served.set(instance, (served.get(instance) ?? 0) + 1);
  });

  const account = await createConfirmedAccount({ baseURL: cluster.url, smtp: cluster.smtp, dataDir: '' });
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New notebook' })).toBeEnabled();

  await createNotebook(page, 'Travel');
  await createSection(page, 'Lisbon');
  await createPage(page, 'Itinerary', 'Tram 28 at nine, then the castle.');
  await page.reload();
  await expect(page.getByLabel('Page title')).toHaveValue('Itinerary');
  await expect(page.getByLabel('Page content')).toHaveText('Tram 28 at nine, then the castle.');
  await expect(pagesList(page).getByRole('button', { name: 'Itinerary', exact: true })).toBeVisible();

  expect([...served.keys()].sort()).toEqual(['a', 'b']);
  const rows = await cluster.query<{ title: string }>('select title from notes where title = $1', [
    'Itinerary',
  ]);
  expect(rows).toHaveLength(1);
});
