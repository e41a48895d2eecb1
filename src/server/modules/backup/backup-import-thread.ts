import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../app-error.ts';
import type { BackupTable } from './backup.repo.ts';
import {
  type ImportWorkerData,
  type ImportWorkerMessage,
  type ImportWorkerRequest,
  importWorkerMessageSchema,
} from './backup-import-messages.ts';

/**
 * This module runs from the TypeScript sources (tests, `npm run dev`) or from the compiled bundle
 * (`npm start`), where scripts/build-server.mjs builds the worker into its own file beside the bundle.
 */
const fromSource = import.meta.url.endsWith('.ts');

/** The worker's file: the source through tsx's loader, or the built JavaScript with plain node. */
function workerStart(): { file: URL; execArgv: string[] } {
  const file = new URL(`./backup-import-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return { file, execArgv: [] };
  // The test runner's own transform does not reach a worker thread; tsx is what `npm run dev` runs.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file, execArgv: ['--import', tsx] };
}

export type WorkerAnswer = Extract<ImportWorkerMessage, { kind: 'done' | 'calendarEvents' }>;

/**
 * A worker kept between imports, for a while: starting one costs its modules' loading (measured 1.3 s
 * compiled, 2 s through tsx on a busy machine; far less on an idle one), which a preview followed by its
 * import would pay twice. An idle worker does not keep the process alive.
 */
const keepIdleMs = 30_000;
let idle: { worker: Worker; timer: NodeJS.Timeout } | null = null;

function takeWorker(): Worker {
  if (idle) {
    const { worker, timer } = idle;
    idle = null;
    clearTimeout(timer);
    worker.ref();
    return worker;
  }
  const { file, execArgv } = workerStart();
  const worker = new Worker(file, { execArgv });
  // A worker that dies while idle is simply not reused (a job's own listeners report its failures).
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    if (idle?.worker === worker) idle = null;
  });
  return worker;
}

/** Keeps a worker whose job ended for the next one (one at most), or ends it. */
function giveBack(worker: Worker): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = null;
    void worker.terminate();
  }, keepIdleMs);
  timer.unref();
  idle = { worker, timer };
}

/**
 * Starts a worker and keeps it idle for the next import, resolving once its modules are loaded: so a
 * test's first import does not pay the start-up within its own timeout (call it in a beforeAll).
 */
export function warmImportWorker(): Promise<void> {
  if (idle) return Promise.resolve();
  const worker = takeWorker();
  return new Promise((resolve, reject) => {
    const stopListening = () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    function onMessage(raw: unknown) {
      if (importWorkerMessageSchema.parse(raw).kind !== 'ready') return;
      stopListening();
      giveBack(worker);
      resolve();
    }
    function onExit(code: number) {
      stopListening();
      reject(new Error(`the import's worker stopped (exit code ${code}) while starting`));
    }
    worker.on('message', onMessage);
    worker.on('exit', onExit);
  });
}

/**
 * Runs one import (or preview) in a worker thread (backup-import-worker.ts) and answers its outcome; a
 * refused file rejects with the same AppError the server's thread would throw, anything else with an
 * Error (a 500). `beforeInsert`, when given, runs here before each batch the worker writes, and a throw
 * fails the import there (the test seam importFaults). Two imports at once get a worker each.
 */
export function importInWorker(
  data: ImportWorkerData,
  beforeInsert?: (table: BackupTable) => void,
): Promise<WorkerAnswer> {
  const worker = takeWorker();
  const send = (request: ImportWorkerRequest) => worker.postMessage(request);
  return new Promise((resolve, reject) => {
    const stopListening = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    function onMessage(raw: unknown) {
      const message = importWorkerMessageSchema.parse(raw);
      if (message.kind === 'ready') return;
      if (message.kind === 'beforeInsert') {
        let error: string | null = null;
        try {
          beforeInsert?.(message.table);
        } catch (thrown) {
          error = thrown instanceof Error ? thrown.message : String(thrown);
        }
        send({ kind: 'beforeInsertReply', error });
        return;
      }
      stopListening();
      giveBack(worker);
      if (message.kind === 'refused') reject(new AppError(message.code, message.statusCode, message.message));
      else if (message.kind === 'failed')
        reject(new Error(`import failed in its worker: ${message.message}`));
      else resolve(message);
    }
    function onError(error: Error) {
      stopListening();
      reject(error);
    }
    function onExit(code: number) {
      stopListening();
      reject(new Error(`the import's worker stopped (exit code ${code}) without an answer`));
    }
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    send({ kind: 'job', data });
  });
}
