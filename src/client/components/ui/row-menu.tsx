import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';

interface RowMenuProps {
  name: string;
  disabled?: boolean;
  onRename?(): void;
  onDelete(): void;
}

const itemClass =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-slate-100';

/** A row's actions (Rename, Delete), from a "More actions" button that shows on hover or focus. */
export function RowMenu({ name, disabled, onRename, onDelete }: RowMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        disabled={disabled}
        aria-label={`More actions for ${name}`}
        className="shrink-0 rounded p-1 text-slate-400 opacity-0 transition-opacity group-hover:opacity-100 hover:bg-slate-200/70 hover:text-slate-700 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:hidden data-[state=open]:opacity-100"
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
