import { defineConfig } from '@playwright/test';
import { clusterUnavailable } from './src/server/test/cluster.ts';

// The cluster journey needs PostgreSQL and nginx. Where they are missing it is left out with a message,
// as the Vitest cluster tests are (describe.runIf); under .ci/run (JOTLIST_TEST_PEERS=required) the
// check throws instead, so a broken install fails the run.
const clusterMissing = clusterUnavailable();
if (clusterMissing) console.warn(`cluster journey left out: ${clusterMissing}`);

/**
 * Browser journeys against the real server (see e2e/fixtures.ts). The system Chromium is used: this
 * project never downloads browsers. The flags keep Chromium from calling home on a closed network.
 */
export default defineConfig({
  testDir: 'e2e',
  testIgnore: clusterMissing ? ['cluster.spec.ts'] : [],
  // Builds the client once when scripts/test.mjs has not already (E2E_CLIENT_DIR).
  globalSetup: './e2e/global-setup.ts',
  // Two cores: each worker runs one server and one browser.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  // One retry everywhere, `.ci/run` included (it sets no CI variable): on two cores shared by two
  // servers and two browsers, a journey can miss a deadline once (a pushed notification not shown within
  // 15 s, seen once in 114 journeys). The report counts a retried pass as flaky, and a real failure
  // fails twice.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
