import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef } from 'react';
import { useFocusReturn } from './focus-return.ts';

export interface ConfirmDeleteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** Says it cannot be undone and names the cascade (docs/PRODUCT.md §2). */
  description: string;
  onConfirm(): void;
}

/** The dialog itself (Radix AlertDialog), loaded by confirm-delete.tsx the first time one opens. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
}: ConfirmDeleteProps) {
  // Opened from a row's menu: focus goes back to that menu's button, or into the pane if the row is gone.
  const returnFocus = useFocusReturn(open);
  const confirmed = useRef(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            returnFocus(event, confirmed.current);
            confirmed.current = false;
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-6 text-slate-600">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-lg px-3.5 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
              className="rounded-lg bg-red-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
            >
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
