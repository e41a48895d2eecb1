import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { FolderInput, Link2, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { menuContentClass, menuItemClass } from './menu-styles.ts';
import { rowMenuButtonClass } from './row-menu.tsx';

export interface RowMenuProps {
  name: string;
  /** Nothing may change (a read-only account): only Copy link, when offered, stays. */
  disabled?: boolean;
  onRename?(): void;
  /** `Move to…`: the way to move a row without dragging (a phone, no keyboard). */
  onMoveTo?(): void;
  /** `Copy link`: the row's own address on the clipboard. */
  onCopyLink?(): void;
  onDelete(): void;
  /** Opened as it mounts: the user already pressed the stand-in button. */
  defaultOpen?: boolean;
  /** Given with `onOpenChange`, the row opens its menu itself too (a long-press). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

/** The Radix menu behind a row's "More actions" button (loaded by row-menu.tsx on first use). */
export function RowMenuDropdown(props: RowMenuProps) {
  const { name, disabled, onCopyLink, defaultOpen } = props;
  const onRename = disabled ? undefined : props.onRename;
  const onMoveTo = disabled ? undefined : props.onMoveTo;
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} open={props.open} onOpenChange={props.onOpenChange}>
      <DropdownMenu.Trigger
        disabled={disabled && !onCopyLink}
        aria-label={`More actions for ${name}`}
        className={rowMenuButtonClass}
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={`${menuContentClass} min-w-36`}>
          {onRename && (
            <DropdownMenu.Item className={menuItemClass} onSelect={onRename}>
              <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
              Rename
            </DropdownMenu.Item>
          )}
          {onMoveTo && (
            <DropdownMenu.Item className={menuItemClass} onSelect={onMoveTo}>
              <FolderInput className="h-3.5 w-3.5" aria-hidden="true" />
              Move to…
            </DropdownMenu.Item>
          )}
          {onCopyLink && (
            <DropdownMenu.Item className={menuItemClass} onSelect={onCopyLink}>
              <Link2 className="h-3.5 w-3.5" aria-hidden="true" />
              Copy link
            </DropdownMenu.Item>
          )}
          {!disabled && (
            <DropdownMenu.Item
              className={`${menuItemClass} text-red-600 data-[highlighted]:bg-red-50`}
              onSelect={props.onDelete}
            >
              <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
              Delete
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
