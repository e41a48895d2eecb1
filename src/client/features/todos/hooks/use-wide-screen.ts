import { useSyncExternalStore } from 'react';

/** From this width the task panel opens beside the list; below it, in place of the list. */
const wideQuery = '(min-width: 1024px)';

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia?.(wideQuery);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
};

/** Whether the window is wide enough for the list and the task panel side by side. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(wideQuery).matches ?? true,
    () => true,
  );
}
