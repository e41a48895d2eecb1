// `npm start`: build the web client and the server (scripts/build-server.mjs) when there is no build
// (or the sources are newer than it), then serve the API and the client on one port. The server runs in
// this same process, so signals from the terminal or a process manager reach its graceful shutdown
// directly.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeProblem } from './check-node.mjs';

// First of all: on an old Node.js, say so in one line instead of crashing somewhere below.
const problem = nodeProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}

// Loaded only now: it uses what an old Node.js lacks (import.meta.dirname).
const { buildServer, newestMtime, serverBuildIsStale, serverEntry, serverEnvironment, serverNodeFlags } =
  await import('./build-server.mjs');
const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist/client/index.html');

function buildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['index.html', 'blog.html', 'vite.config.ts', 'public', 'src/client', 'src/shared'].map(
    (p) => join(root, p),
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

if (serverBuildIsStale()) {
  console.log('Building the server (first start or sources changed)...');
  await buildServer();
}

/**
 * The server's node flags (serverNodeFlags: a compact heap, source maps) only take effect
 * when a process starts, so this process becomes the server with them (execve: same pid, so signals from
 * a terminal or systemd still reach its graceful shutdown directly). A flag given in NODE_OPTIONS or to
 * this node command wins, and the latter are passed on.
 */
const given = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`;
const serverFlags = serverNodeFlags.filter((flag) => !given.includes(flag.split('=')[0]));

if (typeof process.execve === 'function') {
  const args = [...process.execArgv, ...serverFlags, serverEntry];
  process.execve(process.execPath, [process.execPath, ...args], { ...serverEnvironment, ...process.env });
} else {
  // Windows has no execve: the server runs in this process, with V8's defaults.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverEntry).href);
}
