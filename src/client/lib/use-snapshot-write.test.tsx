import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it } from 'vitest';
import { ToastProvider } from './toasts.tsx';
import { useSnapshotWrite } from './use-snapshot-write.ts';

/**
 * A task changed here while another device changed another of its fields: a read that lands while this
 * write travels (a live update, the refetch when the network returns after the write waited offline)
 * holds the server from before the write, and lays it over the change shown here. Once the write is in,
 * what the server holds is read again, so the screen settles on both changes.
 */

interface Task {
  text: string;
  dueDate: string | null;
}

const key = ['task'];

/** A "server": reads answer what it held when they began, writes apply when released. */
function taskServer(task: Task) {
  let held: Task = task;
  const reads: Array<() => void> = [];
  const writes: Array<() => void> = [];
  let readCount = 0;
  return {
    get task() {
      return held;
    },
    set task(next: Task) {
      held = next;
    },
    reads,
    writes,
    get readCount() {
      return readCount;
    },
    read(): Promise<Task> {
      readCount += 1;
      const snapshot = { ...held };
      return new Promise((resolve) => reads.push(() => resolve(snapshot)));
    },
    write(patch: Partial<Task>): Promise<Task> {
      return new Promise((resolve) =>
        writes.push(() => {
          held = { ...held, ...patch };
          resolve(held);
        }),
      );
    },
    release(list: Array<() => void>) {
      for (const done of list.splice(0)) done();
    },
  };
}

function setup(server: ReturnType<typeof taskServer>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(key, server.task);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  const view = renderHook(
    () => ({
      task: useQuery({ queryKey: key, queryFn: () => server.read(), staleTime: Number.POSITIVE_INFINITY }),
      edit: useSnapshotWrite<Partial<Task>>({
        keys: () => [key],
        send: (patch) => server.write(patch),
        apply: (c, patch) => c.setQueryData<Task>(key, (task) => (task ? { ...task, ...patch } : task)),
      }),
    }),
    { wrapper },
  );
  return { ...view, client };
}

const start: Task = { text: 'Buy bread', dueDate: null };
/** The other device's due date, already on the server when this device's title change travels. */
const otherDevice = { dueDate: '2031-03-14' };

it('reads again after the write when a read landed while it travelled', async () => {
  const server = taskServer(start);
  const { result, client } = setup(server);
  server.task = { ...server.task, ...otherDevice };

  act(() => result.current.edit.mutate({ text: 'Buy rye bread' }));
  await waitFor(() => expect(result.current.task.data).toEqual({ text: 'Buy rye bread', dueDate: null }));
  await waitFor(() => expect(server.writes).toHaveLength(1));
  // The other device's change is announced: this read answers before the write is in.
  act(() => void client.invalidateQueries({ queryKey: key }));
  await waitFor(() => expect(server.reads).toHaveLength(1));
  act(() => server.release(server.reads));
  await waitFor(() => expect(result.current.task.data).toEqual({ text: 'Buy bread', ...otherDevice }));

  act(() => server.release(server.writes));
  await waitFor(() => expect(server.reads).toHaveLength(1));
  act(() => server.release(server.reads));
  await waitFor(() => expect(result.current.task.data).toEqual({ text: 'Buy rye bread', ...otherDevice }));
  expect(server.readCount).toBe(2);
});

it('reads again after the write when a read begun during it is still on its way', async () => {
  const server = taskServer(start);
  const { result, client } = setup(server);
  server.task = { ...server.task, ...otherDevice };

  act(() => result.current.edit.mutate({ text: 'Buy rye bread' }));
  await waitFor(() => expect(server.writes).toHaveLength(1));
  act(() => void client.invalidateQueries({ queryKey: key }));
  await waitFor(() => expect(server.reads).toHaveLength(1));
  // The write is in before that read answers; the read's answer, from before it, must not be the last word.
  act(() => server.release(server.writes));
  await waitFor(() => expect(server.readCount).toBe(2));
  act(() => server.release(server.reads));
  await waitFor(() => expect(result.current.task.data).toEqual({ text: 'Buy rye bread', ...otherDevice }));
});

it('asks the server nothing more when no read came while the write travelled', async () => {
  const server = taskServer(start);
  const { result } = setup(server);
  act(() => result.current.edit.mutate({ text: 'Buy rye bread' }));
  await waitFor(() => expect(server.writes).toHaveLength(1));
  act(() => server.release(server.writes));
  await waitFor(() => expect(server.task.text).toBe('Buy rye bread'));
  // Settled: the write's success has run (no pending mutation) and no read was asked for.
  await waitFor(() => expect(result.current.edit.isPending).toBe(false));
  expect(server.readCount).toBe(0);
  expect(result.current.task.data).toEqual({ text: 'Buy rye bread', dueDate: null });
});

it('does not take another change made here for a read (two quick edits ask the server nothing more)', async () => {
  const server = taskServer(start);
  const { result } = setup(server);
  act(() => result.current.edit.mutate({ text: 'Buy rye bread' }));
  act(() => result.current.edit.mutate({ dueDate: '2031-03-15' }));
  await waitFor(() => expect(server.writes).toHaveLength(2));
  act(() => server.release(server.writes));
  await waitFor(() => expect(result.current.edit.isPending).toBe(false));
  expect(server.readCount).toBe(0);
  expect(result.current.task.data).toEqual({ text: 'Buy rye bread', dueDate: '2031-03-15' });
});
