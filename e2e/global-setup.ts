import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/**
 * The journeys serve a built client. `npm test` builds it once and passes E2E_CLIENT_DIR; a direct
 * `npx playwright test` builds here, once for all workers (workers inherit process.env from this
 * process), and removes the build afterwards. Never dist/client: a developer's `npm start` uses that.
 */
export default function globalSetup(): (() => void) | undefined {
  if (process.env.E2E_CLIENT_DIR) return undefined;
  const outDir = mkdtempSync(join(tmpdir(), 'jotlist-e2e-client-'));
  const remove = () => rmSync(outDir, { recursive: true, force: true });
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  try {
    execFileSync(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  } catch (error) {
    remove();
    throw error;
  }
  process.env.E2E_CLIENT_DIR = outDir;
  return remove;
}
