import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbEngine } from '../db/database.ts';
import { createPostgresDatabase } from './engines.ts';

/**
 * The real server as a child process (`node --import tsx src/server/main.ts`), for tests that need what
 * an in-process app cannot give: a crash (SIGKILL), a restart on the same data, a second instance.
 */
export interface RealServer {
  baseURL: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown hook runs, as in a crash or an out-of-memory kill. */
  crash(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A server spawned but not yet known to answer (start-up against a database that is down). */
export interface SpawnedServer extends RealServer {
  /** Resolves once /api/health answers 200; throws if the process exits first or after `startupMs`. */
  ready(startupMs?: number): Promise<void>;
}

export async function startRealServer(
  env: Record<string, string>,
  options: {
    /** A port chosen beforehand (the cluster tests render it into nginx's configuration first). */
    port?: number;
    /** How long start-up may take (default 30 s; instances starting together on a busy machine need more). */
    startupMs?: number;
    /** Node flags before tsx's (a benchmark runs the server with `npm start`'s, scripts/build-server.mjs). */
    nodeFlags?: string[];
  } = {},
): Promise<RealServer> {
  const server = await spawnRealServer(env, options);
  await server.ready(options.startupMs);
  return server;
}

export async function spawnRealServer(
  env: Record<string, string>,
  options: { port?: number; nodeFlags?: string[] } = {},
): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        DATABASE_URL: '',
        CLIENT_DIR: join(root, 'no-client-build'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });

  async function ready(startupMs = 30_000): Promise<void> {
    const deadline = Date.now() + startupMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited during start-up:\n${output}`);
      }
      try {
        if ((await fetch(`${baseURL}/api/health`)).status === 200) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server did not answer /api/health in ${startupMs / 1000} s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    baseURL,
    child,
    output: () => output,
    ready,
    async crash() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/**
 * The environment of a real server on a fresh database of the given engine: its own DATA_DIR, and on
 * PostgreSQL a new database beside TEST_DATABASE_URL's (the server migrates it at start-up).
 */
export async function realServerStorage(
  engine: DbEngine,
): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jotlist-real-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { env: { DATA_DIR: dataDir }, dispose: async () => removeDir() };
  const database = await createPostgresDatabase('jotlist_r');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    async dispose() {
      await database.drop();
      removeDir();
    },
  };
}
