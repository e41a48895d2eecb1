import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { authErrorMessage, confirmWithPasskey, passkeysAvailable } from '../../auth/index.ts';

/**
 * "Use a passkey" beside the password in a "Confirm it's you" dialog: one of the account's passkeys
 * confirms this session as the password would (docs/accounts.md).
 */
export function PasskeyReauthButton({
  onConfirmed,
  onError,
  disabled,
}: {
  onConfirmed: () => void;
  onError: (message: string) => void;
  disabled?: boolean;
}) {
  const confirm = useMutation({
    mutationFn: confirmWithPasskey,
    onSuccess: onConfirmed,
    onError: (caught) => onError(authErrorMessage(caught, messages.passkeys.cancelled)),
  });
  if (!passkeysAvailable()) return null;
  return (
    <ActionButton
      variant="secondary"
      pending={confirm.isPending}
      disabled={disabled}
      onClick={() => confirm.mutate()}
    >
      <KeyRound className="h-4 w-4" aria-hidden="true" />
      {messages.passkeys.useForReauth}
    </ActionButton>
  );
}
