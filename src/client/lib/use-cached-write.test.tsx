import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from './toasts.tsx';
import { useCachedCreate } from './use-cached-write.ts';

/**
 * A create appends the server's row to the cached list. A read of that list already in flight when the
 * create succeeds began before it, so its answer lacks the new row: it must not win.
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
  return renderHook(
    () => ({
      list: useQuery({ queryKey: key, queryFn: () => server.read(), staleTime: Number.POSITIVE_INFINITY }),
      create: useCachedCreate<string[], string, string>(
        key,
        async (name) => {
          server.rows.push(name);
          return name;
        },
        (rows, created) => [...rows, created],
      ),
    }),
    { wrapper },
  );
}

describe('useCachedCreate', () => {
  it('keeps the created row when a refetch that began before the create answers after it', async () => {
    const server = rowsServer();
    server.rows.push('a');
    const { result } = setup(server, ['a']);
    // A refetch in flight (as a window focus or another tab's change would start one).
    act(() => {
      void result.current.list.refetch();
    });
    await waitFor(() => expect(server.held).toHaveLength(1));

    await act(() => result.current.create.mutateAsync('b'));
    act(() => server.releaseAll());
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(result.current.list.data).toEqual(['a', 'b']);
  });

  it('asks again when the first read was still on its way, and shows the created row', async () => {
    const server = rowsServer();
    const { result } = setup(server);
    await waitFor(() => expect(server.held).toHaveLength(1));

    await act(() => result.current.create.mutateAsync('b'));
    // The first read (from before the create) answers late and empty; the read asked after it has the row.
    act(() => server.releaseAll());
    await waitFor(() => expect(server.reads).toBe(2));
    act(() => server.releaseAll());
    await waitFor(() => expect(result.current.list.data).toEqual(['b']));
  });

  it('appends without asking the server again when nothing was in flight', async () => {
    const server = rowsServer();
    const { result } = setup(server, ['a']);
    await act(() => result.current.create.mutateAsync('b'));
    await waitFor(() => expect(result.current.list.data).toEqual(['a', 'b']));
    expect(server.reads).toBe(0);
  });
});
