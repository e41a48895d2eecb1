import { type ReactNode, useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type Location, type NavigateOptions, type RouteDetails, RouteDetailsContext } from './router.tsx';

const splitHash = (url: string): [string, string] => {
  const at = url.indexOf('#');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
};

export type MemoryLocation = ReturnType<typeof createMemoryLocation>;

/**
 * An address held in memory, for tests (React Router's MemoryRouter): wouter's memoryLocation for the
 * path and query, plus the hash and navigation state the app's router facade reads.
 */
export function createMemoryLocation(url = '/', state: unknown = null) {
  const [start, startHash] = splitHash(url);
  const memory = memoryLocation({ path: start, state });
  let address = start;
  let details: RouteDetails = { hash: startHash, state, type: 'POP' };
  const listeners = new Set<() => void>();
  // As history.pushState: a navigation without state leaves none (memoryLocation would keep the old one).
  const navigate = (to: string, { replace = false, state = null }: NavigateOptions = {}) => {
    const [path, hash] = splitHash(to);
    address = path;
    details = { hash, state, type: replace ? 'REPLACE' : 'PUSH' };
    memory.navigate(path, { replace, state });
    for (const listener of listeners) listener();
  };
  const hook = (): [string, typeof navigate] => [memory.hook()[0], navigate];
  return {
    hook,
    searchHook: memory.searchHook,
    details: {
      subscribe: (onChange: () => void) => {
        listeners.add(onChange);
        return () => listeners.delete(onChange);
      },
      get: () => details,
    },
    /** Where it is now, in useLocation's shape. */
    current: (): Location => {
      const [pathname = '/', search = ''] = address.split('?');
      return { pathname, search: search && `?${search}`, hash: details.hash, state: details.state };
    },
  };
}

/** Renders `children` at `url` (with navigation `state`), or on a `location` the test keeps to inspect. */
export function MemoryRouter({
  url,
  state,
  location,
  children,
}: {
  url?: string;
  state?: unknown;
  location?: MemoryLocation;
  children: ReactNode;
}) {
  const [memory] = useState(() => location ?? createMemoryLocation(url, state));
  return (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <RouteDetailsContext.Provider value={memory.details}>{children}</RouteDetailsContext.Provider>
    </Router>
  );
}
