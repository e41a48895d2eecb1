import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPostgresDatabase } from './engines.ts';
import { freePort, type RealServer, startRealServer } from './real-server.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

/**
 * Several real instances on one throwaway PostgreSQL database behind a real nginx (docs/operations.md), started
 * from the deployment files themselves: deploy/nginx.conf (only its ports, listen address and log/temp
 * paths rewritten into a temporary folder) and deploy/env.example (each instance's environment, with the
 * values a test must choose: ports, database, a shared SECRET_KEY, the SMTP sink).
 *
 *   const cluster = await startCluster({ instances: 2 });
 *   await fetch(`${cluster.url}/api/health`);      // through nginx
 *   cluster.instances[0].server.crash();           // SIGKILL instance "a"
 *   await cluster.stop();                          // nginx, instances, database
 */
export interface ClusterInstance {
  id: string;
  port: number;
  server: RealServer;
}

export interface Cluster {
  /** nginx's address: what a browser or client uses. */
  url: string;
  instances: ClusterInstance[];
  databaseUrl: string;
  smtp: SmtpSink;
  /** A query against the cluster's database (assertions). */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  nginxOutput(): string;
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '../../..');
export const deployDir = join(root, 'deploy');

export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

/** Why the cluster cannot run here, or null when it can (PostgreSQL and nginx are both present). */
export function clusterUnavailable(): string | null {
  const reason = !process.env.TEST_DATABASE_URL
    ? 'TEST_DATABASE_URL is not set (no PostgreSQL)'
    : !nginxBinary()
      ? 'nginx is not installed (apt-get install -y nginx; .ci/run does it)'
      : null;
  // .ci/run installs every test peer and says so: there a missing one fails the run instead of skipping.
  if (reason && process.env.JOTLIST_TEST_PEERS === 'required') throw new Error(reason);
  return reason;
}

/** deploy/env.example as a map (comments and blank lines skipped). */
export function readEnvExample(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(deployDir, 'env.example'), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) env[match[1]] = match[2] ?? '';
  }
  return env;
}

/**
 * deploy/nginx.conf with this run's ports and a private folder for logs, temp files and the pid. Every
 * rewrite must find its text, so a change to the file's shape fails here rather than testing another file.
 */
export function renderNginxConf(options: {
  listenPort: number;
  upstreamPorts: number[];
  dir: string;
}): string {
  let text = readFileSync(join(deployDir, 'nginx.conf'), 'utf8');
  const replace = (pattern: RegExp, by: string | ((match: string) => string)) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer contains ${pattern}`);
    text = text.replace(pattern, by as string);
  };
  const serverLine = /^(\s*)server 127\.0\.0\.1:(\d+)( [^;\n]*)?;$/gm;
  const lines = [...text.matchAll(serverLine)];
  if (lines.length < options.upstreamPorts.length)
    throw new Error('deploy/nginx.conf lists too few instances');
  let index = 0;
  replace(serverLine, (line) => {
    const port = options.upstreamPorts[index++];
    return port === undefined ? '' : line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`);
  });
  replace(/listen 80;/, `listen 127.0.0.1:${options.listenPort};`);
  replace(/\/var\/log\/nginx\//g, `${options.dir}/`);
  replace(/\/var\/lib\/nginx\//g, `${options.dir}/`);
  // Root starts workers as the configured user, which could not write this folder; a non-root nginx
  // ignores the directive with a warning.
  const isRoot = process.getuid?.() === 0;
  replace(/^user www-data;$/m, isRoot ? 'user root;' : '');
  return text;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts nginx in the foreground on deploy/nginx.conf, rendered for these ports. */
export async function startNginx(options: { listenPort: number; upstreamPorts: number[]; dir: string }) {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed');
  mkdirSync(options.dir, { recursive: true });
  const confPath = join(options.dir, 'nginx.conf');
  writeFileSync(confPath, renderNginxConf(options));
  const child = spawn(
    binary,
    ['-p', options.dir, '-c', confPath, '-g', `daemon off; pid ${options.dir}/nginx.pid;`],
    {
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
  const url = `http://127.0.0.1:${options.listenPort}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    return (await fetch(`${url}/api/health`)).status === 200;
  }, 'nginx to answer /api/health');
  return {
    url,
    output: () => output,
    async stop() {
      // SIGQUIT: nginx's graceful stop (finishes what it proxies).
      child.kill('SIGQUIT');
      await exited(child);
    },
  };
}

export interface ClusterOptions {
  instances: number;
  /** Added to every instance's environment (TRIAL_DAYS, CLIENT_DIR, …). */
  env?: Record<string, string>;
  /** Node flags of every instance (a benchmark gives `npm start`'s). */
  nodeFlags?: string[];
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-cluster-'));
  const database = await createPostgresDatabase('jotlist_x');
  const smtp = await startSmtpSink();
  const listenPort = await freePort();
  const url = `http://127.0.0.1:${listenPort}`;
  const ids = Array.from({ length: options.instances }, (_, i) => String.fromCharCode(97 + i));
  const ports: number[] = [];
  for (const _ of ids) ports.push(await freePort());
  const secretKey = randomBytes(32).toString('hex');
  const base = readEnvExample();
  const instances: ClusterInstance[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // pool.end() resolves before its clients' sockets have closed (pg-pool drops them from its list first),
  // so the forced drop in stop() can still terminate one: that expected error must not crash the test
  // worker as an unhandled 'error' event (seen once in a full run).
  pool.on('error', () => {});
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;

  const stop = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.server.stop()));
    await pool.end();
    await smtp.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // Started together on the fresh database: both run the migrations at once (they take turns).
    const started = await Promise.all(
      ids.map((id, i) => {
        const dataDir = join(dir, `data-${id}`);
        return startRealServer(
          {
            ...base,
            PORT: String(ports[i]),
            HOST: '127.0.0.1',
            INSTANCE_ID: id,
            APP_URL: url,
            DATABASE_URL: database.url,
            SECRET_KEY: secretKey,
            SMTP_URL: smtp.url,
            DATA_DIR: dataDir,
            LOG_LEVEL: 'warn',
            ...options.env,
          },
          {
            port: ports[i],
            startupMs: 90_000,
            ...(options.nodeFlags ? { nodeFlags: options.nodeFlags } : {}),
          },
        );
      }),
    );
    started.forEach((server, i) => {
      instances.push({ id: ids[i] ?? '?', port: ports[i] ?? 0, server });
    });
    nginx = await startNginx({ listenPort, upstreamPorts: ports, dir: join(dir, 'nginx') });
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }

  return {
    url,
    instances,
    databaseUrl: database.url,
    smtp,
    async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await pool.query<Row>(text, values)).rows;
    },
    nginxOutput: () => nginx?.output() ?? '',
    stop,
  };
}
