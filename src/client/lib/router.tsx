import {
  type ComponentProps,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import {
  type AroundNavHandler,
  useRouter,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  Router as WouterRouter,
} from 'wouter';

/**
 * The app's one door to routing: wouter (about 3 KB gzip, docs/performance.md) behind the few React Router shapes
 * the pages were written against (Link, Navigate, useNavigate, useLocation, useSearchParams, useParams,
 * useNavigationType). wouter tracks the path and query; the hash, history.state and how the last
 * navigation came about are kept here, the way React Router kept them.
 */
export { Redirect as Navigate, Route, Switch } from 'wouter';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** What wouter's location hooks leave out. */
export interface RouteDetails {
  hash: string;
  state: unknown;
  type: NavigationType;
}

export interface RouteDetailsStore {
  subscribe: (onChange: () => void) => () => void;
  get: () => RouteDetails;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

// Set while the router itself calls pushState/replaceState (BrowserRouter's aroundNav). Other history
// calls are not navigations, as for React Router: scrollToSection's replaceState (#section, for sharing)
// must not hand the landing page a new hash, whose effect would cut the smooth scroll short.
let routing = false;
let browserDetails: RouteDetails = { hash: '', state: null, type: 'POP' };
const browserListeners = new Set<() => void>();
const navigationTypes: Record<string, NavigationType | undefined> = {
  popstate: 'POP',
  pushState: 'PUSH',
  replaceState: 'REPLACE',
};

if (typeof window !== 'undefined') {
  browserDetails = { hash: window.location.hash, state: window.history.state, type: 'POP' };
  const record = (event: Event) => {
    const pushOrReplace = event.type === 'pushState' || event.type === 'replaceState';
    if (pushOrReplace && !routing) return;
    const type = navigationTypes[event.type] ?? browserDetails.type;
    browserDetails = { hash: window.location.hash, state: window.history.state, type };
    for (const listener of browserListeners) listener();
  };
  // wouter announces pushState and replaceState as window events (it patches history). Capture phase:
  // the details are current before wouter's own listeners re-render the routes.
  for (const type of ['popstate', 'hashchange', 'pushState', 'replaceState']) {
    window.addEventListener(type, record, { capture: true });
  }
}

const browserStore: RouteDetailsStore = {
  subscribe: (onChange) => {
    browserListeners.add(onChange);
    return () => browserListeners.delete(onChange);
  },
  get: () => browserDetails,
};

/** The details of the closest router: the browser's, or a MemoryRouter's in tests. */
export const RouteDetailsContext = createContext<RouteDetailsStore>(browserStore);

const useRouteDetails = (): RouteDetails => {
  const store = useContext(RouteDetailsContext);
  return useSyncExternalStore(store.subscribe, store.get);
};

const aroundNav: AroundNavHandler = (navigate, to, options) => {
  routing = true;
  try {
    navigate(to, options);
  } finally {
    routing = false;
  }
};

/** The app's router: wouter on the browser's address, with the navigations marked as the router's own. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <WouterRouter aroundNav={aroundNav}>{children}</WouterRouter>;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

/**
 * The query string as in the address, without its `?`. Not wouter's useSearch, which runs it through
 * decodeURI first: URLSearchParams would then decode a `%25xx` in a token or code a second time.
 */
function useRawSearch(): string {
  const router = useRouter();
  const search = router.searchHook(router);
  return search.startsWith('?') ? search.slice(1) : search;
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useRawSearch();
  const { hash, state } = useRouteDetails();
  return { pathname, search: search && `?${search}`, hash, state };
}

type SearchInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query's parameters, and a stable setter (a value, or a function of the current ones). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const [pathname, navigate] = useWouterLocation();
  const search = useRawSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const latest = useRef({ params, pathname, navigate });
  latest.current = { params, pathname, navigate };
  const setter = useRef(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const now = latest.current;
      const query = new URLSearchParams(typeof next === 'function' ? next(now.params) : next).toString();
      now.navigate(now.pathname + (query ? `?${query}` : ''), options);
    },
  );
  return [params, setter.current];
}

/** Back/Forward is 'POP' (so is the first page load); a router navigation is 'PUSH' or 'REPLACE'. */
export const useNavigationType = (): NavigationType => useRouteDetails().type;

/** A stable function, safe in effect dependencies. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useWouterLocation()[1];
}

export const useParams = (): Readonly<Record<string, string | undefined>> => useWouterParams();

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string } & NavigateOptions;

/**
 * A link the router follows. As React Router's Link: the page's onClick runs first (it may cancel);
 * modified and middle clicks, and links into another target, keep the browser's own behaviour; a link
 * to the address already shown replaces it rather than stacking a duplicate history entry.
 */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    const elsewhere = anchor.target !== undefined && anchor.target !== '_self';
    if (event.defaultPrevented || event.button !== 0 || modified || elsewhere) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? to === `${pathname}${search}${hash}`, state });
  };
  return <a {...anchor} href={to} onClick={handleClick} />;
}
