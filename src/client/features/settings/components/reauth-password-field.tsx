import type { ChangeEvent } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';

/**
 * "Confirm it's you: your password": the re-authentication asked before what cannot be undone (deleting
 * the account, turning two-step sign-in off, new recovery codes). The dialog sends it to
 * POST /api/account/reauth just before its own request.
 */
export function ReauthPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string | null;
}) {
  return (
    <PasswordField
      label={`${messages.auth.reauthTitle}: your password`}
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="current-password"
    />
  );
}
