import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { TwoStepSetup } from '../../../../shared/schemas/two-step.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton, buttonClass } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { authErrorMessage, confirmPassword } from '../../auth/index.ts';
import {
  enableTwoStep,
  regenerateRecoveryCodes,
  startTwoStepSetup,
  turnOffTwoStep,
  twoStepQueryKey,
} from '../two-step-api.ts';
import { ReauthPasswordField } from './reauth-password-field.tsx';
import { RecoveryCodesView } from './recovery-codes-view.tsx';

const t = messages.twoStep;

export type TwoStepAction = 'enable' | 'regenerate' | 'off';

const titles: Record<TwoStepAction, string> = {
  enable: 'Turn on two-step sign-in',
  regenerate: t.regenerate,
  off: 'Turn off two-step sign-in',
};

type Stage =
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoStepSetup }
  | { kind: 'codes'; codes: string[] };

/**
 * The one dialog of two-step sign-in's settings. Each action first confirms the password on this
 * session, as deleting the account does; turning on then shows the QR code and the key and asks a code;
 * turning on and regenerating end on the recovery codes, shown once.
 */
export function TwoStepDialog({
  action,
  onClose,
}: {
  action: TwoStepAction;
  onClose: (notice?: string) => void;
}) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function run(work: () => Promise<void>) {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(authErrorMessage(caught, t.failed));
    } finally {
      setPending(false);
    }
  }

  function close() {
    void queryClient.invalidateQueries({ queryKey: twoStepQueryKey });
    onClose(stage.kind === 'codes' && action === 'enable' ? t.turnedOn : undefined);
  }

  function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length === 0) return setFieldError(messages.validation.passwordRequired);
    setFieldError(null);
    void run(async () => {
      await confirmPassword({ password });
      if (action === 'enable') setStage({ kind: 'scan', setup: await startTwoStepSetup() });
      else if (action === 'regenerate') {
        setStage({ kind: 'codes', codes: (await regenerateRecoveryCodes()).recoveryCodes });
      } else {
        await turnOffTwoStep();
        await queryClient.invalidateQueries({ queryKey: twoStepQueryKey });
        onClose(t.turnedOff);
      }
    });
  }

  function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    const problem = typed.length === 0 ? t.codeRequired : /^\d{6}$/.test(typed) ? null : t.codeFormat;
    setFieldError(problem);
    if (problem) return;
    void run(async () => {
      setStage({ kind: 'codes', codes: (await enableTwoStep({ code: typed })).recoveryCodes });
    });
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (!open && !pending ? close() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[70] max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {stage.kind === 'codes' ? t.recoveryTitle : titles[action]}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            {stage.kind === 'password'
              ? messages.auth.reauthRequired
              : stage.kind === 'scan'
                ? t.scanTitle
                : t.recoveryHelp}
          </Dialog.Description>
          <div className="mt-5 space-y-4">
            {error ? <FormNotice tone="error">{error}</FormNotice> : null}
            {stage.kind === 'password' ? (
              <form noValidate onSubmit={onPassword} className="space-y-4">
                <ReauthPasswordField
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  error={fieldError}
                />
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <Dialog.Close className={buttonClass('secondary')} disabled={pending}>
                    Cancel
                  </Dialog.Close>
                  <ActionButton
                    type="submit"
                    variant={action === 'off' ? 'danger' : 'primary'}
                    pending={pending}
                  >
                    {action === 'off' ? t.turnOff : 'Continue'}
                  </ActionButton>
                </div>
              </form>
            ) : null}
            {stage.kind === 'scan' ? (
              <form noValidate onSubmit={onCode} className="space-y-4">
                <img
                  src={stage.setup.qrCode}
                  alt={t.qrAlt}
                  width={192}
                  height={192}
                  className="mx-auto h-48 w-48"
                />
                <div>
                  <p className="text-sm text-slate-700">{t.manualEntry}</p>
                  <code
                    data-testid="two-step-secret"
                    className="mt-1 block rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
                  >
                    {stage.setup.secret}
                  </code>
                </div>
                <TextField
                  label={t.codeLabel}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  spellCheck={false}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  error={fieldError}
                />
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <Dialog.Close className={buttonClass('secondary')} disabled={pending}>
                    Cancel
                  </Dialog.Close>
                  <ActionButton type="submit" pending={pending}>
                    {t.verify}
                  </ActionButton>
                </div>
              </form>
            ) : null}
            {stage.kind === 'codes' ? (
              <>
                <RecoveryCodesView codes={stage.codes} />
                <div className="flex justify-end">
                  <ActionButton type="button" onClick={close}>
                    {t.done}
                  </ActionButton>
                </div>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
