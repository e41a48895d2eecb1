import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './real-server.ts';

/**
 * A throwaway PostgreSQL cluster of its own (Debian's postgresql-common: `pg_createcluster`,
 * `pg_ctlcluster`, `pg_dropcluster`), on a free loopback port with trust authentication, for tests that
 * restart or stop the database under a running server (the shared TEST_DATABASE_URL server must never
 * be restarted: other test files use it). Needs root (or the postgres user), as `.ci/run` has.
 *
 *   const cluster = await createPgCluster();       // created and started
 *   const url = await cluster.createDatabase('jotlist');
 *   await cluster.ctl('restart');
 *   await cluster.drop();                          // always, in afterAll
 */
export interface PgCluster {
  name: string;
  port: number;
  /** pg_ctlcluster start | stop | restart (fast shutdown: sessions are cut, nothing committed is lost). */
  ctl(action: 'start' | 'stop' | 'restart'): Promise<void>;
  /** Starts the cluster unless it is running (a test that stopped it may have failed half-way). */
  ensureRunning(): Promise<void>;
  /** Creates a database and answers its URL (user postgres, trusted). */
  createDatabase(name: string): Promise<string>;
  /** One query on a short-lived connection to `database`. */
  query<Row extends pg.QueryResultRow>(database: string, text: string, values?: unknown[]): Promise<Row[]>;
  /** Stops and removes the cluster (data, configuration, log). Safe to call twice. */
  drop(): Promise<void>;
}

const run = promisify(execFile);

/** The newest PostgreSQL major version installed, e.g. "15"; null when there is none. */
function installedVersion(): string | null {
  const dir = '/usr/lib/postgresql';
  if (!existsSync(dir)) return null;
  const versions = readdirSync(dir)
    .filter((version) => existsSync(`${dir}/${version}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ?? null;
}

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function pgClusterUnavailable(): string | null {
  const reason = !existsSync('/usr/bin/pg_createcluster')
    ? 'pg_createcluster is missing (apt-get install -y postgresql; .ci/run does it)'
    : !installedVersion()
      ? 'no PostgreSQL server binaries under /usr/lib/postgresql'
      : process.getuid?.() !== 0
        ? 'creating a PostgreSQL cluster needs root'
        : null;
  // .ci/run installs every test peer and says so: there a missing one fails the run instead of skipping.
  if (reason && process.env.JOTLIST_TEST_PEERS === 'required') throw new Error(reason);
  return reason;
}

export async function createPgCluster(): Promise<PgCluster> {
  const version = installedVersion();
  if (!version) throw new Error('no PostgreSQL installed');
  const name = `jotlist_t_${randomBytes(5).toString('hex')}`;
  const port = await freePort();
  const admin = (database: string) =>
    new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database, connectionTimeoutMillis: 5_000 });
  let dropped = false;

  const cluster: PgCluster = {
    name,
    port,
    async ctl(action) {
      // Directly, not through systemd's postgresql@ unit (as .ci/run starts its cluster): the same on a
      // machine with systemd as in a container without it.
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action]);
    },
    async ensureRunning() {
      // pg_ctlcluster status exits 0 when the server runs, 3 when it is stopped.
      const status = await run('pg_ctlcluster', [version, name, 'status']).then(
        () => 'running',
        () => 'stopped',
      );
      if (status === 'stopped') await cluster.ctl('start');
    },
    async createDatabase(database) {
      await cluster.query('postgres', `create database "${database}"`);
      return `postgres://postgres@127.0.0.1:${port}/${database}`;
    },
    async query(database, text, values) {
      const client = admin(database);
      // A connection cut by a restart must not become an unhandled 'error' event in the test runner.
      client.on('error', () => {});
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await run('pg_dropcluster', ['--stop', version, name]);
    },
  };

  try {
    // start.conf manual: the machine's postgresql service never starts it, should a run leave it behind.
    await run('pg_createcluster', [
      version,
      name,
      '-p',
      String(port),
      '--start-conf=manual',
      '--',
      '--auth=trust',
    ]);
    await cluster.ctl('start');
  } catch (error) {
    await cluster.drop().catch(() => {});
    throw error;
  }
  return cluster;
}
