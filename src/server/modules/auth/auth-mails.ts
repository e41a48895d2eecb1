import type { MailMessage } from '../../mail/mailer.ts';

/**
 * The account mails. Links are built from APP_URL only, never from the request's Host header, so a
 * forged Host cannot point a reset link at someone else's server.
 */

const signature = ['', '-- ', 'Jotlist'].join('\n');

export function confirmationMail(appUrl: string, to: string, token: string): MailMessage {
  const link = `${appUrl}/auth/callback?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Confirm your Jotlist account',
    text: [
      'Welcome to Jotlist!',
      '',
      'Confirm your e-mail address to start your free trial:',
      link,
      '',
      'The link works once and expires in 24 hours.',
      'If you did not sign up for Jotlist, you can ignore this e-mail.',
      signature,
    ].join('\n'),
  };
}

/** Sent instead of a confirmation when someone signs up with an address that already has an account. */
export function alreadyRegisteredMail(appUrl: string, to: string): MailMessage {
  return {
    to,
    subject: 'You already have a Jotlist account',
    text: [
      'Someone (probably you) tried to sign up for Jotlist with this e-mail address,',
      'but it already has an account.',
      '',
      `Sign in: ${appUrl}/auth/signin`,
      `Forgot your password? Reset it: ${appUrl}/auth/forgot-password`,
      '',
      'If this was not you, you can ignore this e-mail; your account has not changed.',
      signature,
    ].join('\n'),
  };
}

export function passwordResetMail(appUrl: string, to: string, token: string): MailMessage {
  const link = `${appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your Jotlist password',
    text: [
      'We received a request to reset the password of your Jotlist account.',
      '',
      'Choose a new password here:',
      link,
      '',
      'The link works once and expires in 1 hour. Resetting signs you out on every device.',
      'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
      signature,
    ].join('\n'),
  };
}

export function emailChangeMail(appUrl: string, to: string, token: string): MailMessage {
  const link = `${appUrl}/auth/callback?type=email_change&token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Confirm your new Jotlist e-mail address',
    text: [
      'Confirm that this is the new e-mail address of your Jotlist account:',
      link,
      '',
      'Your address changes only when you open this link. It works once and expires in 24 hours.',
      'If you did not ask for this, you can ignore this e-mail.',
      signature,
    ].join('\n'),
  };
}

/** Tells the old address that the account moved, so a takeover does not go unnoticed. */
export function emailChangedNoticeMail(appUrl: string, to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Jotlist e-mail address was changed',
    text: [
      `The e-mail address of your Jotlist account was changed to ${newEmail}.`,
      '',
      `If you did not do this, contact us right away: ${appUrl}/contact`,
      signature,
    ].join('\n'),
  };
}

/** A one-time sign-in link: how the owner gets in while strangers' guesses hold the password locked. */
export function signInLinkMail(appUrl: string, to: string, token: string): MailMessage {
  const link = `${appUrl}/auth/callback?type=signin_link&token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Your Jotlist sign-in link',
    text: [
      'Use this link to sign in to Jotlist without your password:',
      link,
      '',
      'The link works once and expires in 15 minutes.',
      'Sign-in with your password was paused after too many failed attempts. If those were not you,',
      'someone may be guessing your password: consider changing it in your account settings.',
      'If you did not ask for this link, you can ignore this e-mail.',
      signature,
    ].join('\n'),
  };
}

/** A sign-in from a browser and OS no other open session of the account has (devices.service.ts). */
export function newSignInMail(
  appUrl: string,
  to: string,
  device: { at: Date; browser: string; os: string },
): MailMessage {
  const time = `${device.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject: 'New sign-in to your Jotlist account',
    text: [
      'Your Jotlist account was just signed in to from a new device.',
      '',
      `Time: ${time}`,
      `Browser: ${device.browser}`,
      `Operating system: ${device.os}`,
      '',
      'If this was you, there is nothing to do.',
      `If not, change your password now and sign that device out in Settings → Account: ${appUrl}/app`,
      '',
      'You can turn these e-mails off in Settings → Account.',
      signature,
    ].join('\n'),
  };
}
