import { z } from 'zod';

/**
 * Two-factor sign-in (TOTP, RFC 6238) in the embedded provider: required for staff, optional for
 * customers on /profile (TOTP-01..). Paths are under /api/v1/account.
 */
export const TWO_FACTOR_PATHS = {
  status: '/profile/two-factor/',
  start: '/profile/two-factor/start',
  confirm: '/profile/two-factor/confirm',
  disable: '/profile/two-factor/disable',
  recoveryCodes: '/profile/two-factor/recovery-codes',
} as const;

/** What every standard authenticator app uses: SHA-1, 6 digits, 30 s steps; one step either side. */
export const TWO_FACTOR_RULES = {
  issuer: 'enQ',
  digits: 6,
  periodSeconds: 30,
  windowSteps: 1,
  recoveryCodes: 10,
} as const;

export const TWO_FACTOR_TEXT = {
  codeFormat: 'Enter the 6-digit code from your authenticator app (digits only).',
  codeOrRecoveryFormat:
    'Enter the 6-digit code from your authenticator app (digits only), or one of your recovery codes.',
  wrongCode: 'That code is not right, or was already used. Enter the current code from your app.',
  wrongCodeOrRecovery:
    'That code is not right, or was already used. Enter the current code from your app, or an unused recovery code.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  notStarted: 'Start again: turn on two-factor sign-in to get a new QR code.',
  turnedOn: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  turnedOff: 'Two-factor sign-in is off.',
  codesRegenerated: 'New recovery codes made. The old ones no longer work.',
  signInOver: 'Too many wrong codes for this sign-in. Sign in again with your password.',
  passwordLabel: 'Current password',
  passwordStep: 'Enter your current password to turn on two-factor sign-in.',
  passwordRequired: 'Enter your current password to change two-factor sign-in.',
  passwordWrong: 'The current password is not correct.',
  passwordsLocked: (minutes: number) =>
    `Too many wrong passwords for this account. Try again in ${minutes} minutes.`,
  recentSignInRequired: 'Sign in again, then change two-factor sign-in within 5 minutes.',
  accountLocked: (minutes: number) =>
    `Too many wrong codes for this account. Codes are refused for ${minutes} minutes, and we have emailed the owner of the account.`,
  guessesEmailSubject: 'Wrong two-factor codes on your enQ sign-in',
  guessesEmailText: (minutes: number) =>
    [
      'Hello,',
      '',
      'Someone entered your enQ password correctly and then several wrong two-factor codes.',
      `Two-factor codes for your sign-in are refused for the next ${minutes} minutes.`,
      '',
      'If this was not you, change your password now: your password is known to someone else.',
      '',
      'enQ',
    ].join('\n'),
} as const;

/**
 * Code guesses counted whatever the source address: a held sign-in (the password was right) ends after
 * `perSignIn` wrong codes, and an account refuses codes for `lockoutMinutes` after `perAccount` wrong
 * codes within that time, and emails its owner.
 */
export const CODE_GUESSES = { perSignIn: 5, perAccount: 10, lockoutMinutes: 15 } as const;

/**
 * Turning two-factor sign-in on or off and new recovery codes take the current password as well as a
 * code (a stolen API token alone must not put another authenticator on the account). Wrong passwords
 * there are counted per account whatever the source address: after `perAccount` within
 * `lockoutMinutes` the password is refused there for `lockoutMinutes`.
 */
export const TWO_FACTOR_PASSWORD_GUESSES = { perAccount: 10, lockoutMinutes: 15 } as const;

const currentPassword = z.string().max(1024).optional().meta({
  description:
    'The current password (required when the person has one; a person signed in through another provider signs in again first)',
});

/** A code as typed, in its canonical form: spaces (as apps show "123 456") removed. */
export const canonicalCode = (input: string) => input.replace(/\s+/g, '');

/** A recovery code as typed: spaces and dashes dropped, lower case (they are shown as "abcde-fghij"). */
export const canonicalRecoveryCode = (input: string) => input.replace(/[\s-]+/g, '').toLowerCase();

/** Recovery codes: 10 characters without look-alikes (no 0/o, 1/l/i), shown in two groups of five. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const isRecoveryCode = (input: string) =>
  new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{10}$`).test(canonicalRecoveryCode(input));

/** An authenticator code field: "123 456" is 123456; letters or a wrong length are refused by name. */
export const totpCodeSchema = z
  .string(TWO_FACTOR_TEXT.codeFormat)
  .max(32, TWO_FACTOR_TEXT.codeFormat)
  .transform(canonicalCode)
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_TEXT.codeFormat));

export const twoFactorCodeSchema = z.object({ code: totpCodeSchema }).meta({ id: 'TwoFactorCode' });
export type TwoFactorCode = z.input<typeof twoFactorCodeSchema>;

/** Turn on, step one: the current password before a key is shown. */
export const twoFactorStartSchema = z.object({ password: currentPassword }).meta({ id: 'TwoFactorStart' });
export type TwoFactorStart = z.input<typeof twoFactorStartSchema>;

/** New recovery codes: a current code and the current password. */
export const twoFactorNewCodesSchema = z
  .object({ code: totpCodeSchema, password: currentPassword })
  .meta({ id: 'TwoFactorNewCodes' });
export type TwoFactorNewCodes = z.input<typeof twoFactorNewCodesSchema>;

/** An app's code or a recovery code, as either is typed: turning two-factor off takes both (TOTP-10). */
export const isCodeOrRecoveryCode = (input: string) =>
  /^\d{6}$/.test(canonicalCode(input)) || isRecoveryCode(input);

export const twoFactorOffSchema = z
  .object({
    code: z
      .string(TWO_FACTOR_TEXT.codeOrRecoveryFormat)
      .max(32, TWO_FACTOR_TEXT.codeOrRecoveryFormat)
      .refine(isCodeOrRecoveryCode, TWO_FACTOR_TEXT.codeOrRecoveryFormat),
    password: currentPassword,
  })
  .meta({ id: 'TwoFactorOff' });
export type TwoFactorOff = z.input<typeof twoFactorOffSchema>;

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
    message: z.string().optional(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorEnrolmentSchema = z
  .object({
    secret: z.string().meta({ description: 'The key in base32, for entering by hand' }),
    otpauth_uri: z.string().meta({ description: 'The otpauth:// URI the QR code holds' }),
    qr_code: z.string().meta({ description: 'The QR code as an SVG data URL' }),
  })
  .meta({ id: 'TwoFactorEnrolment' });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorRecoveryCodesSchema = z
  .object({
    recovery_codes: z.array(z.string()).meta({ description: 'Shown once; each works once' }),
    message: z.string(),
  })
  .meta({ id: 'TwoFactorRecoveryCodes' });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;
