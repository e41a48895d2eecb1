import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Bowser from 'bowser';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { Passkey } from '../../../../shared/schemas/passkeys.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton, buttonClass } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { authErrorMessage, passkeysAvailable } from '../../auth/index.ts';
import { addPasskey, fetchPasskeys, passkeysQueryKey } from '../passkeys-api.ts';
import { dialogContentClass, dialogOverlayClass } from './dialog-classes.ts';
import { RemovePasskeyDialog } from './remove-passkey-dialog.tsx';

const m = messages.passkeys;
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Chrome on Linux": this browser, as a first name for the passkey it is about to make. */
function thisDeviceName(): string {
  const parsed = Bowser.parse(navigator.userAgent);
  return [parsed.browser.name, parsed.os.name].filter(Boolean).join(' on ') || 'My passkey';
}

/** Settings → Account → Passkeys: the account's passkeys, "Add a passkey", and "Remove" for each. */
export function PasskeysSection() {
  const passkeys = useQuery({ queryKey: passkeysQueryKey, queryFn: fetchPasskeys });
  const [removed, setRemoved] = useState(false);
  const list = passkeys.data?.passkeys ?? [];
  return (
    <SettingsSection title={m.title} icon={KeyRound} description={m.description}>
      {passkeys.error ? <FormNotice tone="error">{m.loadFailed}</FormNotice> : null}
      {removed ? <FormNotice tone="success">{m.removed}</FormNotice> : null}
      {passkeys.data && list.length === 0 ? <p className="text-sm text-slate-600">{m.none}</p> : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-slate-100" aria-label={m.title}>
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={() => setRemoved(true)} />
          ))}
        </ul>
      ) : null}
      {passkeysAvailable() ? (
        <AddPasskeyDialog onAdded={() => setRemoved(false)} />
      ) : (
        <p className="text-sm text-slate-600">{m.unsupported}</p>
      )}
    </SettingsSection>
  );
}

function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="text-sm">
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{passkey.name}</p>
        <p className="text-xs text-slate-600">
          {m.created} {when(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `${m.lastUsed} ${when(passkey.lastUsedAt)}` : m.neverUsed}
        </p>
      </div>
      <RemovePasskeyDialog passkey={passkey} onRemoved={onRemoved} />
    </li>
  );
}

function AddPasskeyDialog({ onAdded }: { onAdded: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
      setOpen(false);
      setAdded(true);
      onAdded();
    },
    onError: (caught) => setError(authErrorMessage(caught, m.cancelled)),
  });

  function onOpenChange(next: boolean) {
    if (add.isPending) return;
    setOpen(next);
    setName(next ? thisDeviceName() : '');
    setError(null);
    if (next) setAdded(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(m.nameRequired);
    if (trimmed.length > 100) return setError(m.nameTooLong);
    setError(null);
    add.mutate(trimmed);
  }

  return (
    <>
      {added ? <FormNotice tone="success">{m.added}</FormNotice> : null}
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Trigger className={`${buttonClass('secondary')} w-fit`}>{m.add}</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className={dialogOverlayClass} />
          <Dialog.Content className={dialogContentClass}>
            <Dialog.Title className="text-lg font-semibold text-slate-900">{m.addTitle}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600">
              {m.addDescription}
            </Dialog.Description>
            <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
              {error ? <FormNotice tone="error">{error}</FormNotice> : null}
              <TextField
                label={m.nameLabel}
                value={name}
                maxLength={100}
                onChange={(event) => setName(event.target.value)}
                autoComplete="off"
              />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Dialog.Close className={buttonClass('secondary')} disabled={add.isPending}>
                  Cancel
                </Dialog.Close>
                <ActionButton type="submit" pending={add.isPending}>
                  {m.addContinue}
                </ActionButton>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
