import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { emailProblem, firstPasswordProblem, normalizeEmail, passwordProblems } from './password-rules.ts';

const v = messages.validation;

describe('passwordProblems', () => {
  it('asks for a password when empty, and nothing else', () => {
    expect(passwordProblems('')).toEqual([v.passwordRequired]);
  });

  it('lists every unmet rule in the spec order', () => {
    expect(passwordProblems('a')).toEqual([
      v.passwordTooShort,
      v.passwordUppercase,
      v.passwordNumber,
      v.passwordSpecial,
    ]);
    expect(passwordProblems('ABCDEFGH')).toEqual([v.passwordLowercase, v.passwordNumber, v.passwordSpecial]);
  });

  it.each([
    ['Ab1!', v.passwordTooShort],
    ['ABCDEFG1!', v.passwordLowercase],
    ['abcdefg1!', v.passwordUppercase],
    ['Abcdefgh!', v.passwordNumber],
    ['Abcdefgh1', v.passwordSpecial],
  ])('%s fails first with "%s"', (password, message) => {
    expect(firstPasswordProblem(password)).toBe(message);
  });

  it.each(['@', '$', '!', '%', '*', '?', '&'])('accepts %s as the special character', (special) => {
    expect(passwordProblems(`Abcdefg1${special}`)).toEqual([]);
  });

  it('does not count other punctuation as special', () => {
    expect(firstPasswordProblem('Abcdefg1#')).toBe(v.passwordSpecial);
  });

  it('accepts a long passphrase and refuses one past the cap', () => {
    expect(passwordProblems(`Aa1!${'x'.repeat(124)}`)).toEqual([]);
    expect(passwordProblems(`Aa1!${'x'.repeat(1020)}`)).toEqual([]);
    expect(passwordProblems(`Aa1!${'x'.repeat(1021)}`)).toEqual([messages.auth.passwordTooLong]);
  });

  it('is null for a strong password', () => {
    expect(firstPasswordProblem('Str0ng&Pass')).toBeNull();
  });
});

describe('emailProblem', () => {
  it.each([
    ['', v.emailRequired],
    ['   ', v.emailRequired],
    ['plain', v.emailInvalid],
    ['a@b', v.emailInvalid],
    ['a b@c.de', v.emailInvalid],
    ['a@b c.de', v.emailInvalid],
    ['@b.de', v.emailInvalid],
    [`${'a'.repeat(250)}@b.de`, v.emailInvalid],
  ])('"%s" → %s', (email, message) => {
    expect(emailProblem(email)).toBe(message);
  });

  it('accepts an ordinary address, ignoring surrounding spaces', () => {
    expect(emailProblem('ana@example.com')).toBeNull();
    expect(emailProblem('  ana@example.com ')).toBeNull();
  });

  it('normalizes for case-insensitive comparison', () => {
    expect(normalizeEmail('  Ana@Example.COM ')).toBe('ana@example.com');
  });
});
