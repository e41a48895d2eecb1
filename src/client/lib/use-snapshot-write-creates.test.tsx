import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from './toasts.tsx';
import { refetchIfLost, useSnapshotWrite } from './use-snapshot-write.ts';

/**
 * A create through useSnapshotWrite: the row shows at once. Reads of the list that race it must not lose
 * it for good: one in flight when the create starts is cancelled; one that the create cancelled before
 * anything was cached is asked again; one that began before the create landed and overwrote the row
 * is asked again once the server has it.
 */

const key = ['rows'];

/** A "server" holding rows; each read answers what it held when the read began, when released. */
function rowsServer() {
  const rows: string[] = [];
  const held: Array<() => void> = [];
  let reads = 0;
  return {
    rows,
    held,
    get reads() {
      return reads;
    },
    read(): Promise<string[]> {
      reads += 1;
      const snapshot = [...rows];
      return new Promise((resolve) => held.push(() => resolve(snapshot)));
    },
    releaseAll() {
      for (const release of held.splice(0)) release();
    },
  };
}

function setup(server: ReturnType<typeof rowsServer>, cached?: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (cached) client.setQueryData(key, cached);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  let answer: (() => void) | null = null;
  const rendered = renderHook(
    () => ({
      list: useQuery({ queryKey: key, queryFn: () => server.read(), staleTime: Number.POSITIVE_INFINITY }),
      create: useSnapshotWrite<string, string>({
        keys: () => [key],
        // The create lands on the server when the test says so.
        send: (name) =>
          new Promise((resolve) => {
            answer = () => {
              server.rows.push(name);
              resolve(name);
            };
          }),
        apply: (c, name) => c.setQueryData<string[]>(key, (rows) => (rows ? [...rows, name] : rows)),
        settle: (c, _saved, name) => refetchIfLost<string[]>(c, key, (rows) => rows.includes(name)),
      }),
    }),
    { wrapper },
  );
  /** The create lands on the server (once its request is on its way). */
  const land = async () => {
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => answer?.());
  };
  return { ...rendered, land };
}

describe('a create through useSnapshotWrite', () => {
  it('shows at once, and a read in flight from before it does not take it away', async () => {
    const server = rowsServer();
    server.rows.push('a');
    const { result, land } = setup(server, ['a']);
    act(() => {
      void result.current.list.refetch();
    });
    await waitFor(() => expect(server.held).toHaveLength(1));

    act(() => result.current.create.mutate('b'));
    await waitFor(() => expect(result.current.list.data).toEqual(['a', 'b']));
    act(() => server.releaseAll());
    await land();
    await waitFor(() => expect(result.current.create.isPending).toBe(false));
    expect(result.current.list.data).toEqual(['a', 'b']);
  });

  it('asks again when the first read was still on its way, and shows the created row', async () => {
    const server = rowsServer();
    const { result, land } = setup(server);
    await waitFor(() => expect(server.held).toHaveLength(1));

    act(() => result.current.create.mutate('b'));
    await land();
    await waitFor(() => expect(server.reads).toBe(2));
    act(() => server.releaseAll());
    await waitFor(() => expect(result.current.list.data).toEqual(['b']));
  });

  it('asks again when a read that began before the create landed overwrote the row', async () => {
    const server = rowsServer();
    server.rows.push('a');
    const { result, land } = setup(server, ['a']);
    act(() => result.current.create.mutate('b'));
    // Another tab's change, say, refetches the list after the row showed, before the server has it.
    act(() => {
      void result.current.list.refetch();
    });
    act(() => server.releaseAll());
    await waitFor(() => expect(result.current.list.data).toEqual(['a']));

    await land();
    await waitFor(() => expect(server.reads).toBe(2));
    act(() => server.releaseAll());
    await waitFor(() => expect(result.current.list.data).toEqual(['a', 'b']));
  });

  it('asks nothing again when the row stayed', async () => {
    const server = rowsServer();
    const { result, land } = setup(server, ['a']);
    act(() => result.current.create.mutate('b'));
    await land();
    await waitFor(() => expect(result.current.create.isPending).toBe(false));
    expect(result.current.list.data).toEqual(['a', 'b']);
    expect(server.reads).toBe(0);
  });
});
