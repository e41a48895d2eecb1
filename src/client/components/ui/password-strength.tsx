import { Check, X } from 'lucide-react';
import { passwordProblems } from '../../../shared/domain/password-rules.ts';
import { messages } from '../../../shared/messages.ts';

/**
 * Live feedback under a new-password field: every requirement still unmet, and an indicator that reads
 * `Strong password` or `Password requirements not met`. Silent until the person starts typing.
 */
export function PasswordStrength({ password }: { password: string }) {
  if (password.length === 0) return null;
  const problems = passwordProblems(password);
  const strong = problems.length === 0;
  return (
    <div className="mt-2.5 rounded-lg bg-slate-50 px-3 py-2.5" aria-live="polite">
      <p
        className={`flex items-center gap-1.5 text-sm font-medium ${strong ? 'text-emerald-700' : 'text-amber-800'}`}
        data-testid="password-strength"
      >
        {strong ? (
          <Check className="h-4 w-4" aria-hidden="true" />
        ) : (
          <X className="h-4 w-4" aria-hidden="true" />
        )}
        {strong ? messages.auth.strongPassword : messages.auth.requirementsNotMet}
      </p>
      <StrengthMeter met={strong ? 5 : 5 - Math.min(problems.length, 5)} />
      {problems.length > 0 ? (
        <ul className="mt-2 space-y-1 text-xs text-slate-600" aria-label="Unmet password requirements">
          {problems.map((problem) => (
            <li key={problem} className="flex items-start gap-1.5">
              <span className="mt-1.5 h-1 w-1 shrink-0 rounded-full bg-slate-400" aria-hidden="true" />
              {problem}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const meterColour = [
  'bg-red-500',
  'bg-red-500',
  'bg-amber-500',
  'bg-amber-500',
  'bg-lime-500',
  'bg-emerald-500',
];

/** Five bars filling up as requirements are met; decoration only, the text above says the same. */
function StrengthMeter({ met }: { met: number }) {
  return (
    <div className="mt-2 flex gap-1" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((bar) => (
        <span
          key={bar}
          className={`h-1 flex-1 rounded-full ${bar < met ? meterColour[met] : 'bg-slate-200'}`}
        />
      ))}
    </div>
  );
}
