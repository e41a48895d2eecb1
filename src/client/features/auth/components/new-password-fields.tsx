import { useState } from 'react';
import { firstPasswordProblem } from '../../../../shared/domain/password-rules.ts';
import { messages } from '../../../../shared/messages.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PasswordStrength } from '../../../components/ui/password-strength.tsx';

type Field = 'password' | 'confirmPassword';

/** The first failing message of each field (docs/PRODUCT.md §5: the form shows one message per field). */
export function newPasswordErrors(
  password: string,
  confirmPassword: string,
): { password: string | null; confirmPassword: string | null } {
  return {
    password: firstPasswordProblem(password),
    confirmPassword: !confirmPassword
      ? messages.validation.confirmRequired
      : confirmPassword !== password
        ? messages.validation.passwordsDoNotMatch
        : null,
  };
}

interface NewPasswordFieldsProps {
  password: string;
  confirmPassword: string;
  onPasswordChange(value: string): void;
  onConfirmChange(value: string): void;
  touched: Partial<Record<Field, boolean>>;
  onTouch(field: Field): void;
  serverErrors?: Partial<Record<Field, string>>;
  passwordLabel?: string;
}

/**
 * A new password with its live strength feedback and its confirmation, as sign-up and reset share them.
 * Field errors appear once a field has been left (or on submit); the strength list is live from the
 * first keystroke.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmChange,
  touched,
  onTouch,
  serverErrors = {},
  passwordLabel = 'Password',
}: NewPasswordFieldsProps) {
  const errors = newPasswordErrors(password, confirmPassword);
  // One show/hide button reveals both fields: two buttons with the same name would be ambiguous.
  const [visible, setVisible] = useState(false);
  return (
    <>
      <PasswordField
        label={passwordLabel}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        onBlur={() => onTouch('password')}
        error={(touched.password ? errors.password : null) ?? serverErrors.password}
        description={<PasswordStrength password={password} />}
        visible={visible}
        onVisibleChange={setVisible}
      />
      <PasswordField
        label="Confirm password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => onConfirmChange(event.target.value)}
        onBlur={() => onTouch('confirmPassword')}
        error={(touched.confirmPassword ? errors.confirmPassword : null) ?? serverErrors.confirmPassword}
        toggle={false}
        visible={visible}
      />
    </>
  );
}
