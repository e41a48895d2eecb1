import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton, buttonClass } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useNavigate } from '../../../lib/router.tsx';
import { authErrorMessage, confirmPassword, deleteAccount, useAuth } from '../../auth/index.ts';
import { fetchPasskeys, passkeysQueryKey } from '../passkeys-api.ts';
import { PasskeyReauthButton } from './passkey-reauth-button.tsx';
import { ReauthPasswordField } from './reauth-password-field.tsx';

/**
 * The two-step delete: a button opens a confirmation dialog in which the person confirms the password
 * (re-authentication: a stolen session must not be enough) and types exactly DELETE. The server removes
 * every row of the account and its cookies; here the local state goes too.
 */
export function DeleteAccountSection() {
  const { signedOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // With a passkey on the account, "Use a passkey" may confirm it's you instead of the password.
  const [byPasskey, setByPasskey] = useState(false);
  const passkeys = useQuery({ queryKey: passkeysQueryKey, queryFn: fetchPasskeys });
  const hasPasskey = (passkeys.data?.passkeys.length ?? 0) > 0;

  const mutation = useMutation({
    mutationFn: async () => {
      if (!byPasskey) await confirmPassword({ password });
      return deleteAccount();
    },
    onSuccess: () => {
      // Signed out synchronously first: the workspace's guard then starts its redirect to sign-in, and
      // the navigation below, started after it, supersedes it (the last navigation wins).
      flushSync(() => signedOut({ clearLocalState: true }));
      void navigate('/landing', { replace: true });
    },
    onError: (caught) => setError(authErrorMessage(caught, messages.auth.failedDeleteAccount)),
  });

  function onOpenChange(next: boolean) {
    if (mutation.isPending) return;
    setOpen(next);
    setTyped('');
    setPassword('');
    setByPasskey(false);
    setError(null);
  }

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!byPasskey && password.length === 0) return setError(messages.validation.passwordRequired);
    if (typed !== 'DELETE') return setError(messages.validation.typeDelete);
    setError(null);
    mutation.mutate();
  }

  return (
    <SettingsSection
      title="Delete account"
      icon={Trash2}
      tone="danger"
      description="Permanently delete your account with all your notes, tasks and settings. This cannot be undone."
    >
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Trigger className={buttonClass('danger')}>Delete account</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-[70] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Delete your account?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600">
              Everything in your account is removed for good and you will be signed out on every device.
              Export a backup first if you may want your data later.
            </Dialog.Description>
            <form noValidate onSubmit={onConfirm} className="mt-5 space-y-4">
              {error ? <FormNotice tone="error">{error}</FormNotice> : null}
              {byPasskey ? (
                <FormNotice tone="success">{messages.passkeys.confirmedWithPasskey}</FormNotice>
              ) : (
                <ReauthPasswordField value={password} onChange={(event) => setPassword(event.target.value)} />
              )}
              {hasPasskey && !byPasskey ? (
                <PasskeyReauthButton
                  disabled={mutation.isPending}
                  onConfirmed={() => {
                    setError(null);
                    setByPasskey(true);
                  }}
                  onError={setError}
                />
              ) : null}
              <TextField
                label="Type DELETE to confirm"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Dialog.Close className={buttonClass('secondary')} disabled={mutation.isPending}>
                  Cancel
                </Dialog.Close>
                <ActionButton type="submit" variant="danger" pending={mutation.isPending}>
                  Delete my account
                </ActionButton>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </SettingsSection>
  );
}
