import { lazyPart, useOpenedOnce } from '../../lib/lazy-part.tsx';
import type { ConfirmDeleteProps } from './confirm-delete-dialog.tsx';

// Radix's dialog stack (focus trap, scroll lock) downloads the first time a deletion is confirmed:
// every pane renders a closed ConfirmDelete, and the workspace's first download should not pay for it.
const ConfirmDeleteDialog = lazyPart(
  async () => (await import('./confirm-delete-dialog.tsx')).ConfirmDeleteDialog,
);

/** Asks before something is deleted, saying it cannot be undone and what goes with it (docs/PRODUCT.md §2). */
export function ConfirmDelete(props: ConfirmDeleteProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? <ConfirmDeleteDialog {...props} /> : null;
}
