import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { type DatabaseOptions, type DbEngine, openDatabase } from '../src/server/db/database.ts';

export interface LoadResult {
  rps: number;
  p99: number;
  failures: number;
}

export interface LoadFigures {
  engine: DbEngine;
  scenario: string;
  ours: LoadResult;
  reference: LoadResult;
}

interface LoadInput {
  engine: DbEngine;
  options: DatabaseOptions;
  dataDir: string;
  token: string;
  userId: string;
  listSectionIds: string[];
}

const connections = 50;
const duration = 10;

/** Starts bench/load-server.ts as a child (its own core), answering once it listens. */
async function startServer(kind: 'app' | 'reference', input: LoadInput) {
  const child = fork(fileURLToPath(new URL('./load-server.ts', import.meta.url)), [kind], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DB_OPTIONS: JSON.stringify(input.options), BENCH_DATA_DIR: input.dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${message.port}`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

async function cannon(options: autocannon.Options, seconds = duration): Promise<LoadResult> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors };
}

/** One empty section per server for the create run, so neither lists nor the other's creates grow. */
async function newEmptySection(input: LoadInput): Promise<string> {
  const handle = openDatabase(input.options);
  try {
    const owner = await handle.db
      .selectFrom('sections')
      .select(['notebook_id'])
      .where('user_id', '=', input.userId)
      .executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    await handle.db
      .insertInto('sections')
      .values({
        id,
        notebook_id: owner.notebook_id,
        user_id: input.userId,
        title: 'Load',
        position: 999,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  } finally {
    await handle.close();
  }
}

async function drive(kind: 'app' | 'reference', input: LoadInput) {
  const ours = kind === 'app';
  const server = await startServer(kind, input);
  const createSectionId = await newEmptySection(input);
  let next = 0;
  const listPath = () => {
    next = (next + 1) % input.listSectionIds.length;
    return `${ours ? '/api' : ''}/sections/${input.listSectionIds[next]}/notes`;
  };
  const headers = {
    'content-type': 'application/json',
    ...(ours ? { authorization: `Bearer ${input.token}` } : {}),
  };
  try {
    const list: autocannon.Options = {
      url: server.url,
      headers,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: listPath() }) }],
    };
    await cannon(list, 2); // warm-up: JIT, statement caches, connection pools
    const listed = await cannon(list);
    const created = await cannon({
      url: `${server.url}${ours ? '/api' : ''}/notes`,
      method: 'POST',
      headers,
      body: JSON.stringify({ sectionId: createSectionId }),
    });
    return { listed, created };
  } finally {
    await server.stop();
  }
}

/** Our app, then the reference, each alone on the machine's other core; two scenarios each. */
export async function runLoadComparison(input: LoadInput): Promise<LoadFigures[]> {
  const ours = await drive('app', input);
  const reference = await drive('reference', input);
  return [
    {
      engine: input.engine,
      scenario: "list a section's pages",
      ours: ours.listed,
      reference: reference.listed,
    },
    { engine: input.engine, scenario: 'create a page', ours: ours.created, reference: reference.created },
  ];
}
