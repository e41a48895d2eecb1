import { messages } from '../messages.ts';

/**
 * The password and e-mail rules (docs/PRODUCT.md §5), shared by the sign-up form (which shows them live) and the
 * server (which re-checks every one, since a client can be bypassed).
 */

export const passwordMinLength = 8;
/**
 * Long passphrases must work and are never truncated; the cap only keeps a hostile request from making
 * argon2 hash megabytes.
 */
export const passwordMaxLength = 1024;
export const emailMaxLength = 254;
export const passwordSpecialCharacters = '@$!%*?&';

const v = messages.validation;

/** Every unmet requirement in the spec's order, as the spec's messages; empty when the password is fine. */
export function passwordProblems(password: string): string[] {
  if (password.length === 0) return [v.passwordRequired];
  const problems: string[] = [];
  if (password.length < passwordMinLength) problems.push(v.passwordTooShort);
  if (!/[a-z]/.test(password)) problems.push(v.passwordLowercase);
  if (!/[A-Z]/.test(password)) problems.push(v.passwordUppercase);
  if (!/[0-9]/.test(password)) problems.push(v.passwordNumber);
  if (!/[@$!%*?&]/.test(password)) problems.push(v.passwordSpecial);
  if (password.length > passwordMaxLength) problems.push(messages.auth.passwordTooLong);
  return problems;
}

/** The first unmet requirement (forms show only that one), or null. */
export function firstPasswordProblem(password: string): string | null {
  return passwordProblems(password)[0] ?? null;
}

// Looks like x@y.z with no spaces anywhere (docs/PRODUCT.md §5).
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `Email is required` / `Please enter a valid email address`, or null. Leading/trailing spaces are ignored. */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed.length === 0) return v.emailRequired;
  if (trimmed.length > emailMaxLength || !emailPattern.test(trimmed)) return v.emailInvalid;
  return null;
}

/** The form of an address we store and compare: trimmed and lowercased, so lookups are case-insensitive. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
