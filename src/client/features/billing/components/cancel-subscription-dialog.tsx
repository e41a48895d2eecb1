import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClass } from '../../../components/ui/submit-button.tsx';

interface CancelSubscriptionDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The period end, already formatted: access lasts until then. */
  accessUntil: string;
  onConfirm(): void;
}

/** The spec's confirmation before cancelling; cancelling means "at period end", never at once. */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  accessUntil,
  onConfirm,
}: CancelSubscriptionDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Cancel your subscription?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-6 text-slate-600">
            You keep full access until {accessUntil}. After that your account becomes read-only: you can still
            view and export your data, and subscribe again at any time.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>Keep Subscription</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className={buttonClass('danger')}>
              Cancel Subscription
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
