import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP as every authenticator app reads it (RFC 6238 defaults): SHA-1, 6 digits, 30-second steps, a
 * 160-bit secret. The app's clock and ours may differ a little, so a code of the step before or after
 * is accepted too; the step a code belongs to is returned so that it can be spent (two-step.repo.ts).
 */
const totpParameters = { issuer: 'Jotlist', algorithm: 'SHA1', digits: 6, period: 30 } as const;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({ ...totpParameters, label, secret: Secret.fromBase32(secretBase32) });
}

/** The `otpauth://` URI an app reads from the QR code, labelled with the account's e-mail. */
export function totpUri(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The URI drawn as a QR code: an SVG data URL, which the CSP's `img-src data:` allows. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The 30-second step of a code valid at `now` (±1 step), or null when the code is not right. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpFor(secretBase32, 'check').validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: totpParameters.period, timestamp }) + delta;
}
