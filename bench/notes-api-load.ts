// The load half of the notes benchmark (docs/performance.md): a do-nothing control first (the generator's
// ceiling), then the app and the bare reference server one at a time and taking turns, each in its own
// process on the same database; every figure is the median of rounds, with p99 and the server's CPU and
// RSS.
import { type DatabaseOptions, type DbEngine, openDatabase } from '../src/server/db/database.ts';
import { generateLoad, type LoadRequest, type LoadResult, median } from './load-generator.ts';
import { type BenchServer, type ServerKind, startBenchServer } from './server-process.ts';

/** One server's figures for one scenario: medians over the rounds. */
export interface ServerFigures extends LoadResult {
  /** Server CPU during the run, in % of one core. */
  cpu: number;
  /** Server RSS at the end of the last round, MB. */
  rssMb: number;
}

export interface LoadFigures {
  engine: DbEngine;
  scenario: string;
  ours: ServerFigures;
  reference: ServerFigures;
  /** The do-nothing control, measured just before this engine's servers (the machine's load drifts). */
  control: ServerFigures;
}

export interface LoadInput {
  engine: DbEngine;
  options: DatabaseOptions;
  dataDir: string;
  token: string;
  userId: string;
  listSectionIds: string[];
}

export const loadShape = {
  connections: 50,
  seconds: Number(process.env.BENCH_LOAD_SECONDS ?? 10),
  rounds: Number(process.env.BENCH_LOAD_ROUNDS ?? 3),
} as const;

/** The server's environment: the app logs one JSON line per request at info, as production does. */
export function serverEnv(input: Pick<LoadInput, 'options' | 'dataDir'>): Record<string, string> {
  return {
    BENCH_DB_OPTIONS: JSON.stringify(input.options),
    BENCH_DATA_DIR: input.dataDir,
    BENCH_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  };
}

/** One empty section per create round, so neither the lists nor the other server's creates grow. */
export async function newEmptySection(options: DatabaseOptions, userId: string): Promise<string> {
  const handle = openDatabase(options);
  try {
    const owner = await handle.db
      .selectFrom('sections')
      .select(['notebook_id'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    await handle.db
      .insertInto('sections')
      .values({
        id,
        notebook_id: owner.notebook_id,
        user_id: userId,
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

/** One measured run: the generator's figures plus the server's CPU share over it and RSS after it. */
export async function measuredRun(server: BenchServer, request: LoadRequest, seconds = loadShape.seconds) {
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const result = await generateLoad(
    { url: server.url, connections: loadShape.connections, seconds },
    request,
  );
  const wall = (performance.now() - started) / 1000;
  return { ...result, cpu: ((server.cpuSeconds() - cpuBefore) / wall) * 100, rssMb: server.rssMb() };
}

/** The medians of each figure over the rounds; RSS is the last round's. */
export function medianOf(runs: Array<LoadResult & { cpu: number; rssMb: number }>): ServerFigures {
  const of = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
  return {
    rps: of((r) => r.rps),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
    cpu: of((r) => r.cpu),
    rssMb: runs.at(-1)?.rssMb ?? Number.NaN,
  };
}

/** The do-nothing control server's rate: what the generator can drive at most on this machine now. */
export async function measureControl(): Promise<ServerFigures> {
  const server = await startBenchServer('control');
  try {
    const request: LoadRequest = { method: 'GET', paths: ['/'] };
    await measuredRun(server, request, 2);
    const runs = [];
    for (let round = 0; round < loadShape.rounds; round++) runs.push(await measuredRun(server, request));
    return medianOf(runs);
  } finally {
    await server.stop();
  }
}

type RoundFigures = Awaited<ReturnType<typeof driveRound>>;

/** One round on a freshly started server: a warm-up, then one measured list run and one create run. */
async function driveRound(kind: Exclude<ServerKind, 'control'>, input: LoadInput) {
  const ours = kind === 'app';
  const prefix = ours ? '/api' : '';
  const server = await startBenchServer(kind, { env: serverEnv(input) });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(ours ? { authorization: `Bearer ${input.token}` } : {}),
  };
  try {
    const list: LoadRequest = {
      method: 'GET',
      headers: ours ? { authorization: `Bearer ${input.token}` } : {},
      paths: input.listSectionIds.map((id) => `${prefix}/sections/${id}/notes`),
    };
    await measuredRun(server, list, 2); // warm-up: JIT, statement caches, connection pools
    const listed = await measuredRun(server, list);
    const sectionId = await newEmptySection(input.options, input.userId);
    const body = JSON.stringify({ sectionId });
    const created = await measuredRun(server, { method: 'POST', headers, body, paths: [`${prefix}/notes`] });
    return { listed, created };
  } finally {
    await server.stop();
  }
}

/**
 * The control, then rounds of our app and the reference, each alone, taking turns (app first in even
 * rounds, the reference first in odd ones). This machine's speed drifts by a third within minutes, so
 * all of one server's rounds before all of the other's measured the drift as much as the servers.
 */
export async function runLoadComparison(input: LoadInput): Promise<LoadFigures[]> {
  const control = await measureControl();
  const runs = { app: [] as RoundFigures[], reference: [] as RoundFigures[] };
  for (let round = 0; round < loadShape.rounds; round++) {
    const order = round % 2 === 0 ? (['app', 'reference'] as const) : (['reference', 'app'] as const);
    for (const kind of order) runs[kind].push(await driveRound(kind, input));
  }
  const summary = (rounds: RoundFigures[]) => ({
    listed: medianOf(rounds.map((r) => r.listed)),
    created: medianOf(rounds.map((r) => r.created)),
  });
  const ours = summary(runs.app);
  const reference = summary(runs.reference);
  return [
    {
      engine: input.engine,
      scenario: "list a section's pages",
      ours: ours.listed,
      reference: reference.listed,
      control,
    },
    {
      engine: input.engine,
      scenario: 'create a page',
      ours: ours.created,
      reference: reference.created,
      control,
    },
  ];
}
