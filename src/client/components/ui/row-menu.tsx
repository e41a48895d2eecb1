import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { lazyPart } from '../../lib/lazy-part.tsx';
import type { RowMenuProps } from './row-menu-dropdown.tsx';

export const rowMenuButtonClass =
  'shrink-0 rounded p-1 text-slate-400 opacity-0 transition-opacity group-hover:opacity-100 pointer-coarse:p-2 pointer-coarse:opacity-100 hover:bg-slate-200/70 hover:text-slate-700 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:hidden data-[state=open]:opacity-100';

// Radix's menu (positioning, roving focus, dismissal layers: about 28 KB gzip) downloads the first time
// a row's menu is pointed at, focused or pressed, not with the tree (docs/performance.md). Until then each row shows
// a stand-in with the same look, name and ARIA that opens the real menu when pressed.
const RowMenuDropdown = lazyPart(
  async () => (await import('./row-menu-dropdown.tsx')).RowMenuDropdown,
  (props) => <StandIn name={props.name} disabled={props.disabled && !props.onCopyLink} />,
);

/** A row's actions (Rename, Move to…, Copy link, Delete), from a "More actions" button that shows on hover or focus, and always on a touch screen (no hover to find it). */
export function RowMenu(props: Omit<RowMenuProps, 'defaultOpen'>) {
  const [pressed, setPressed] = useState(false);
  // Chosen once per mount: swapping a focused stand-in for the real trigger on some later re-render
  // would drop the focus.
  const [real] = useState(RowMenuDropdown.loaded);
  if (pressed || real || props.open) return <RowMenuDropdown {...props} defaultOpen={pressed} />;
  const open = () => {
    setPressed(true);
    props.onOpenChange?.(true);
  };
  return <StandIn name={props.name} disabled={props.disabled && !props.onCopyLink} onOpen={open} />;
}

interface StandInProps {
  name: string;
  disabled?: boolean | undefined;
  onOpen?(): void;
}

/** The closed menu button, opening on the same presses as Radix's trigger (left button, Enter, Space, ↓). */
function StandIn({ name, disabled, onOpen }: StandInProps) {
  return (
    <button
      type="button"
      disabled={disabled}
      aria-label={`More actions for ${name}`}
      aria-haspopup="menu"
      aria-expanded={false}
      className={rowMenuButtonClass}
      onPointerEnter={RowMenuDropdown.preload}
      onFocus={RowMenuDropdown.preload}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        onOpen?.();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        onOpen?.();
      }}
    >
      <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
