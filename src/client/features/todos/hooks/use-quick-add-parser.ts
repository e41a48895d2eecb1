import { useCallback, useState } from 'react';

/**
 * shared/domain/quick-add-entry.ts (quick-add.ts's parser and chip labels, read in the account's zone),
 * with chrono-node behind them.
 */
export type QuickAddParser = typeof import('../../../../shared/domain/quick-add-entry.ts');

let loading: Promise<QuickAddParser> | undefined;

/**
 * Fetches the quick-add parser once. chrono-node is most of the Todos view's weight (about 14 KB
 * gzip), and only the `Add a task` box needs it, so it downloads when the box is first focused or
 * typed in, not with the view (docs/performance.md). A failed download is forgotten, so the next focus retries.
 */
export function loadQuickAddParser(): Promise<QuickAddParser> {
  loading ??= import('../../../../shared/domain/quick-add-entry.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The parser once loaded (null until then), and `load` to call on the first focus or keystroke. */
export function useQuickAddParser() {
  const [parser, setParser] = useState<QuickAddParser | null>(null);
  const load = useCallback(async () => {
    const loaded = await loadQuickAddParser();
    setParser(() => loaded);
    return loaded;
  }, []);
  return { parser, load };
}
