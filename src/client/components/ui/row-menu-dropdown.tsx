import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { rowMenuButtonClass } from './row-menu.tsx';

export interface RowMenuProps {
  name: string;
  disabled?: boolean;
  onRename?(): void;
  onDelete(): void;
  /** Opened as it mounts: the user already pressed the stand-in button. */
  defaultOpen?: boolean;
}

const itemClass =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-slate-100';

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
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-36 rounded-lg border border-slate-200 bg-white p-1 text-slate-700 shadow-lg"
        >
          {onRename && (
            <DropdownMenu.Item className={itemClass} onSelect={onRename}>
              <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
              Rename
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className={`${itemClass} text-red-600 data-[highlighted]:bg-red-50`}
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
