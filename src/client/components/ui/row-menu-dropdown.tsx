import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { menuContentClass, menuItemClass } from './menu-styles.ts';
import { rowMenuButtonClass } from './row-menu.tsx';

export interface RowMenuProps {
  name: string;
  disabled?: boolean;
  onRename?(): void;
  onDelete(): void;
  /** Opened as it mounts: the user already pressed the stand-in button. */
  defaultOpen?: boolean;
}

/** The Radix menu behind a row's "More actions" button (loaded by row-menu.tsx on first use). */
export function RowMenuDropdown({ name, disabled, onRename, onDelete, defaultOpen }: RowMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        disabled={disabled}
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
          <DropdownMenu.Item
            className={`${menuItemClass} text-red-600 data-[highlighted]:bg-red-50`}
            onSelect={onDelete}
          >
            <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
