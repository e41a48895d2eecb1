import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { Passkey } from '../../../../shared/schemas/passkeys.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { ActionButton, buttonClass } from '../../../components/ui/submit-button.tsx';
import { authErrorMessage, confirmPassword } from '../../auth/index.ts';
import { passkeysQueryKey, removePasskey } from '../passkeys-api.ts';
import { dialogContentClass, dialogOverlayClass } from './dialog-classes.ts';
import { PasskeyReauthButton } from './passkey-reauth-button.tsx';

const m = messages.passkeys;

/**
 * "Remove" for one passkey: removing cannot be undone, so the dialog asks "Confirm it's you" first, by
 * the password or by a passkey (re-authentication, docs/accounts.md), then removes it.
 */
export function RemovePasskeyDialog({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [byPasskey, setByPasskey] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: async () => {
      if (!byPasskey) await confirmPassword({ password });
      return removePasskey(passkey.id);
    },
    onSuccess: async () => {
      setOpen(false);
      onRemoved();
      await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
    },
    onError: (caught) => setError(authErrorMessage(caught, messages.auth.unexpected)),
  });

  function onOpenChange(next: boolean) {
    if (remove.isPending) return;
    setOpen(next);
    setPassword('');
    setByPasskey(false);
    setError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!byPasskey && password.length === 0) return setError(messages.validation.passwordRequired);
    setError(null);
    remove.mutate();
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={buttonClass('secondary')} aria-label={`${m.remove} ${passkey.name}`}>
        {m.remove}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className="text-lg font-semibold text-slate-900">{m.removeTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            <strong className="font-semibold [overflow-wrap:anywhere]">{passkey.name}</strong>:{' '}
            {m.removeDescription}
          </Dialog.Description>
          <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
            {error ? <FormNotice tone="error">{error}</FormNotice> : null}
            {byPasskey ? (
              <FormNotice tone="success">{m.confirmedWithPasskey}</FormNotice>
            ) : (
              <>
                <PasswordField
                  label={`${messages.auth.reauthTitle}: your password`}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  autoComplete="current-password"
                />
                <PasskeyReauthButton
                  disabled={remove.isPending}
                  onConfirmed={() => {
                    setError(null);
                    setByPasskey(true);
                  }}
                  onError={setError}
                />
              </>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass('secondary')} disabled={remove.isPending}>
                Cancel
              </Dialog.Close>
              <ActionButton type="submit" variant="danger" pending={remove.isPending}>
                {m.remove}
              </ActionButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
