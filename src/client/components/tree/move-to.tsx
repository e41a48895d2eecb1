import { lazyPart, useOpenedOnce } from '../../lib/lazy-part.tsx';
import type { MoveToProps } from './move-to-dialog.tsx';

export type { MoveGroup } from './move-to-dialog.tsx';

// The dialog downloads the first time it opens, like ConfirmDelete's: most visits never move by menu.
const MoveToDialog = lazyPart(async () => (await import('./move-to-dialog.tsx')).MoveToDialog);

/** `Move to…`: where a row goes, chosen by tapping (MoveToDialog). A new key per row resets the choice. */
export function MoveTo(props: MoveToProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? <MoveToDialog key={props.row.id} {...props} /> : null;
}
