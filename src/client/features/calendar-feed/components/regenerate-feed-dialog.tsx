import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClass } from '../../../components/ui/submit-button.tsx';

interface RegenerateFeedDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
}

/** Renewing the link is for a link that leaked: say plainly that every subscription to the old one stops. */
export function RegenerateFeedDialog({ open, onOpenChange, onConfirm }: RegenerateFeedDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Regenerate the calendar link?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-6 text-slate-600">
            The current link stops working at once: calendars subscribed to it will no longer update. You will
            need to subscribe again with the new link.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className={buttonClass('danger')}>
              Regenerate link
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
