// `npm start`: build the web client when there is no build (or the sources are newer than it), then
// serve the API and the client on one port. The server runs in this same process, so signals from the
// terminal or a process manager reach its graceful shutdown directly.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { nodeProblem } from './check-node.mjs';

// First of all: on an old Node.js, say so in one line instead of crashing somewhere below.
const problem = nodeProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}

const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist/client/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['index.html', 'vite.config.ts', 'public', 'src/client', 'src/shared'].map((p) =>
    join(root, p),
  );
  const newestSource = Math.max(...sources.filter((p) => existsSync(p)).map(newestMtime));
  return newestSource > statSync(builtIndex).mtimeMs;
}

if (buildIsStale()) {
  console.log('Building the web client (first start or sources changed)...');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
