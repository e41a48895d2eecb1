import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClass } from '../../../components/ui/submit-button.tsx';

interface DisconnectDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** e.g. `Google Calendar (Work)`. */
  name: string;
  onConfirm(): void;
}

/** Disconnecting forgets the credentials, so say what stops working before it happens. */
export function DisconnectDialog({ open, onOpenChange, name, onConfirm }: DisconnectDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Disconnect {name}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-6 text-slate-600">
            Jotlist forgets its access to this calendar and stops sending tasks to it. Events it already
            created are no longer kept up to date. You can connect the calendar again at any time.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className={buttonClass('danger')}>
              Disconnect
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
