import { useMutation } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone, UserRound } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { authErrorMessage, signOutEverywhere, useAuth } from '../../auth/index.ts';
import { useOutboxStatus } from '../../offline/index.ts';
import { InstallSection } from '../../pwa/index.ts';
import { RemindersSettings } from '../../reminders/index.ts';
import { AppearanceSection } from './appearance-section.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DevicesSection } from './devices-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { TimeZoneSection } from './time-zone-section.tsx';
import { TwoStepSection } from './two-step-section.tsx';

/** Account: sign out here or everywhere, devices, passkeys, appearance, installing the app, time zone, change password, two-step sign-in, change e-mail, delete the account. */
export function AccountTab() {
  const { state, signOut, signedOut } = useAuth();
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  // Signing out deletes what the device keeps, changes not yet sent included: said before, not after.
  const { waiting } = useOutboxStatus();

  const everywhere = useMutation({
    mutationFn: signOutEverywhere,
    // Every session ended, this one too; the guard then shows sign-in with the notice.
    onSuccess: () => signedOut({ notice: messages.auth.signedOutEverywhere }),
  });

  async function onSignOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOut();
    } catch (caught) {
      setSigningOut(false);
      setSignOutError(caught instanceof Error ? caught.message : messages.auth.failedSignOut);
    }
  }

  return (
    <div className="space-y-8">
      <SettingsSection title="Session" icon={UserRound}>
        <p className="text-sm text-slate-600">
          Signed in as{' '}
          <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {state.user?.email ?? ''}
          </strong>
        </p>
        {waiting > 0 ? (
          <FormNotice tone="info">{messages.workspace.outboxSignOut(waiting)}</FormNotice>
        ) : null}
        {signOutError ? <FormNotice tone="error">{signOutError}</FormNotice> : null}
        {everywhere.error ? (
          <FormNotice tone="error">
            {authErrorMessage(everywhere.error, messages.auth.signOutFailed)}
          </FormNotice>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <ActionButton variant="secondary" pending={signingOut} onClick={onSignOut}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign out
          </ActionButton>
          <ActionButton
            variant="secondary"
            pending={everywhere.isPending}
            onClick={() => everywhere.mutate()}
          >
            <MonitorSmartphone className="h-4 w-4" aria-hidden="true" />
            Sign out of all devices
          </ActionButton>
        </div>
      </SettingsSection>
      <DevicesSection />
      <PasskeysSection />
      <AppearanceSection />
      <InstallSection />
      <TimeZoneSection />
      <RemindersSettings />
      <ChangePasswordForm />
      <TwoStepSection />
      <ChangeEmailForm />
      <DeleteAccountSection />
    </div>
  );
}
