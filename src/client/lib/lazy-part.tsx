import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { messages } from '../../shared/messages.ts';

/**
 * A part of a screen whose code is its own chunk, fetched the first time the part renders (docs/performance.md:
 * the workspace's first download stays small). If the chunk fails to load (a deploy replaced it, the
 * network dropped), only this part shows the generic error with Try Again; the rest of the screen stays.
 */
export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Starts the download now (on a hover or focus that announces the part), without rendering it. */
  preload(): void;
  /** Whether the code has arrived: a new mount then renders at once, without its fallback. */
  loaded(): boolean;
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** Shown while the code downloads: nothing, or a stand-in built from the part's props. */
  fallback: (props: P) => ReactNode = () => null,
) {
  let loading: Promise<ComponentType<P>> | undefined;
  let arrived: ComponentType<P> | undefined;
  const fetchOnce = () => {
    // A failed download is forgotten so that Try Again fetches it again.
    loading ??= load().then(
      (loaded) => {
        arrived = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // Once the code is here, a new mount renders it directly: React.lazy would suspend once more, and
  // React holds a revealed fallback for 300 ms. React.lazy keeps a rejection for good, so Try Again
  // makes a fresh one.
  const attempt = (fresh: boolean): ComponentType<P> =>
    (!fresh && arrived) || lazy(async () => ({ default: await fetchOnce() }));

  const render = (props: P) => <LazyPartView attempt={attempt} props={props} fallback={fallback(props)} />;
  const preload = () => fetchOnce().then(() => undefined);
  everyPart.add(preload);
  const part: LazyPart<P> = Object.assign(render, {
    preload: () => void preload().catch(() => undefined),
    loaded: () => arrived !== undefined,
  });
  return part;
}

const everyPart = new Set<() => Promise<void>>();

/**
 * Loads every part declared so far, as if each had been shown. For tests: the parts then render at
 * once, so a test's first query does not wait out a download and React's fallback delay.
 */
export async function preloadLazyParts(): Promise<void> {
  await Promise.all([...everyPart].map((preload) => preload()));
}

interface LazyPartViewProps<P> {
  attempt(fresh: boolean): ComponentType<P>;
  props: P;
  fallback: ReactNode;
}

function LazyPartView<P extends object>({ attempt, props, fallback }: LazyPartViewProps<P>) {
  const [current, setCurrent] = useState(() => ({ tries: 0, Loaded: attempt(false) }));
  const retry = () => setCurrent(({ tries }) => ({ tries: tries + 1, Loaded: attempt(true) }));
  return (
    <LoadFailure key={current.tries} onRetry={retry}>
      <Suspense fallback={fallback}>
        <current.Loaded {...props} />
      </Suspense>
    </LoadFailure>
  );
}

/**
 * Renders the part only from the first time `open` is true: a dialog or panel that is closed when the
 * screen appears costs no download until it is first opened, and stays mounted after (Radix plays its
 * closing and focus-return steps).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

interface LoadFailureProps {
  onRetry(): void;
  children: ReactNode;
}

class LoadFailure extends Component<LoadFailureProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="m-3 flex items-center gap-3 text-sm text-red-700">
        <span>{messages.generic}</span>
        <button
          type="button"
          onClick={this.props.onRetry}
          className="rounded-md px-2 py-1 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          Try Again
        </button>
      </div>
    );
  }
}
