import { TWO_FACTOR_RULES } from '@enq/contract';
import { Secret, TOTP } from 'otpauth';
import { qrCodeSvg } from '../qr-code';

// RFC 6238 as every standard authenticator app reads an otpauth:// URI: SHA-1, 6 digits, 30 s steps.
const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: TWO_FACTOR_RULES.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR_RULES.digits,
    period: TWO_FACTOR_RULES.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** A new authenticator key in base32 (160 bits, the size RFC 4226 recommends). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans: issuer enQ, labelled with the sign-in email. */
export const otpauthUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The QR code of an otpauth:// URI, as an SVG data URL (rendered here, so no script draws it). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await qrCodeSvg(uri, { margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a 6-digit code belongs to, within one step either side of `now` (clock drift), or null
 * when it matches none. The step lets the caller accept each code once.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: TWO_FACTOR_RULES.windowSteps,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TWO_FACTOR_RULES.periodSeconds) + delta;
}
