import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { authErrorMessage, changeEmail } from '../../auth/index.ts';
import { useTimedNotice } from '../use-timed-notice.ts';

/** A new address takes effect only once the link mailed to it is opened. */
export function ChangeEmailForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ form?: string; email?: string; currentPassword?: string }>({});
  const [success, showSuccess] = useTimedNotice();

  const mutation = useMutation({
    mutationFn: changeEmail,
    onSuccess: () => {
      setCurrentPassword('');
      setEmail('');
      showSuccess(messages.auth.verificationSent);
    },
    onError: (caught) => setErrors({ form: authErrorMessage(caught, messages.auth.failedUpdateEmail) }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showSuccess(null);
    const next = {
      // docs/PRODUCT.md §5: non-empty and containing @; the server checks the full shape.
      email: email.trim() && email.includes('@') ? undefined : messages.validation.emailInvalid,
      currentPassword: currentPassword ? undefined : messages.validation.passwordRequired,
    };
    setErrors(next);
    if (next.email || next.currentPassword) return;
    mutation.mutate({ currentPassword, email: email.trim() });
  }

  return (
    <SettingsSection
      title="Change email"
      icon={Mail}
      description="We'll send a verification link to the new address. Your email changes once you open it."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {errors.form ? <FormNotice tone="error">{errors.form}</FormNotice> : null}
        {success ? <FormNotice tone="success">{success}</FormNotice> : null}
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={errors.currentPassword}
          toggle={false}
        />
        <ActionButton type="submit" pending={mutation.isPending}>
          Update Email
        </ActionButton>
      </form>
    </SettingsSection>
  );
}
