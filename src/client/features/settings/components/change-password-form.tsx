import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { passwordMinLength } from '../../../../shared/domain/password-rules.ts';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PasswordStrength } from '../../../components/ui/password-strength.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { authErrorMessage, changePassword } from '../../auth/index.ts';
import { useTimedNotice } from '../use-timed-notice.ts';

/**
 * Current, new and confirmed password. The current one is asked for so that a borrowed session is not
 * enough to take the account over; the server ends the user's other sessions after a change.
 */
export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess] = useTimedNotice();

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrentPassword('');
      setPassword('');
      setConfirmPassword('');
      showSuccess(messages.auth.passwordUpdated);
    },
    onError: (caught) => setError(authErrorMessage(caught, messages.auth.failedUpdatePassword)),
  });

  const anyEmpty = !currentPassword || !password || !confirmPassword;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showSuccess(null);
    if (password.length < passwordMinLength) return setError(messages.validation.passwordTooShort);
    if (password !== confirmPassword) return setError(messages.validation.passwordsDoNotMatch);
    setError(null);
    mutation.mutate({ currentPassword, password, confirmPassword });
  }

  return (
    <SettingsSection title="Change password" icon={KeyRound}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error ? <FormNotice tone="error">{error}</FormNotice> : null}
        {success ? <FormNotice tone="success">{success}</FormNotice> : null}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          toggle={false}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          toggle={false}
          description={<PasswordStrength password={password} />}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          toggle={false}
        />
        <ActionButton type="submit" disabled={anyEmpty} pending={mutation.isPending}>
          Update Password
        </ActionButton>
      </form>
    </SettingsSection>
  );
}
