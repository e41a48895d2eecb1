import { expect } from 'vitest';
import type { Fsync } from '../db/group-commit.ts';

/** One call of the log's fsync, held until the test lets it run (or fails it). */
export interface HeldFsync {
  path: string;
  /** Runs the real fsync, then lets the waiting caller go on. */
  release(): void;
  /** Answers the caller with an error instead, as a failing disk would. */
  fail(error: Error): void;
}

/**
 * Node's fsync with a gate in front: while `holding`, each call waits for the test, so a test can see
 * what happens before a sync finishes (replies must not leave). Not a stand-in: released calls run the
 * real fsync on the real log file.
 */
export function gatedFsync() {
  const held: HeldFsync[] = [];
  let waiters: Array<() => void> = [];
  const state = { holding: true, calls: 0 };
  const fsync: Fsync = (path, handle) => {
    state.calls++;
    if (!state.holding) return handle.sync();
    return new Promise<void>((resolve, reject) => {
      held.push({ path, release: () => handle.sync().then(resolve, reject), fail: reject });
      for (const wake of waiters) wake();
      waiters = [];
    });
  };
  return {
    fsync,
    state,
    /** The n-th held call (1-based), once it has been made. */
    async heldCall(n: number): Promise<HeldFsync> {
      while (held.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      const call = held[n - 1];
      if (!call) throw new Error('unreachable: the call was awaited');
      return call;
    },
  };
}

/** Whether a promise has settled yet, readable synchronously. */
export function tracked<T>(promise: Promise<T>) {
  const status = { settled: false, promise };
  promise.then(
    () => {
      status.settled = true;
    },
    () => {
      status.settled = true;
    },
  );
  return status;
}

/** Lets every callback already queued run (promise reactions and I/O callbacks due now). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Checks that `waiting` has not settled while `call` is held, then lets the call run: answers `waiting`. */
export async function stillWaitingUntilReleased<T>(
  waiting: ReturnType<typeof tracked<T>>,
  call: HeldFsync,
): Promise<T> {
  await turn();
  expect(waiting.settled).toBe(false);
  call.release();
  return waiting.promise;
}
