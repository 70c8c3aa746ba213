import {
  RECOVERY_CODE_ALPHABET,
  TWO_FACTOR_RULES,
  canonicalCode,
  canonicalRecoveryCode,
  isRecoveryCode,
} from '@enq/contract';
import { createHash, randomInt } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { openSecret, sealSecret } from './secret-box';
import { matchingStep, newTotpSecret, otpauthUri, qrCodeDataUrl } from './totp';
import {
  consumeRecoveryCode,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  takeStep,
} from './two-factor-repository';

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(canonicalRecoveryCode(code)).digest('hex');

/** Ten new codes like "abcde-fghij" (50 bits each), shown once; only their hashes are kept. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR_RULES.recoveryCodes }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/**
 * A key waiting for its first code, with its QR code; a key already waiting is shown again (the person
 * may have scanned it), a new one made otherwise. 'already_on' when two-factor sign-in is on.
 */
export async function startEnrolment(
  database: Transactional,
  person: { id: string; email: string },
): Promise<Enrolment | 'already_on'> {
  const existing = await findTwoFactor(database, person.id);
  if (existing?.enabled_at) return 'already_on';
  if (!existing) return restartEnrolment(database, person);
  const secret = await openSecret(database, existing.secret);
  const uri = otpauthUri(secret, person.email);
  return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
}

/** Restarts enrolment with a new key (the profile's Turn on); 'already_on' when it is on. */
export async function restartEnrolment(
  database: Transactional,
  person: { id: string; email: string },
): Promise<Enrolment | 'already_on'> {
  const secret = newTotpSecret();
  if (!(await savePendingSecret(database, person.id, await sealSecret(database, secret))))
    return 'already_on';
  const uri = otpauthUri(secret, person.email);
  return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
}

/**
 * The first code turns two-factor sign-in on: the code's step is spent and ten recovery codes made, in
 * one transaction. Returns the codes (to show once), or why not.
 */
export async function confirmEnrolment(
  database: Transactional,
  personId: string,
  code: string,
  now: Date,
): Promise<string[] | 'not_started' | 'already_on' | 'wrong'> {
  const row = await findTwoFactor(database, personId);
  if (!row) return 'not_started';
  if (row.enabled_at) return 'already_on';
  const step = matchingStep(await openSecret(database, row.secret), canonicalCode(code), now);
  if (step === null) return 'wrong';
  const codes = newRecoveryCodes();
  const enabled = await database.transaction(async (tx) => {
    if (!(await enableTwoFactor(tx, personId, step, now))) return false;
    await replaceRecoveryCodes(tx, personId, codes.map(hashRecoveryCode));
    return true;
  });
  return enabled ? codes : 'already_on';
}

/** An authenticator code, accepted once: its step is taken so the same code cannot be used again. */
export async function checkTotpCode(database: Transactional, personId: string, code: string, now: Date) {
  const row = await findTwoFactor(database, personId);
  if (!row?.enabled_at) return false;
  const step = matchingStep(await openSecret(database, row.secret), canonicalCode(code), now);
  return step !== null && (await takeStep(database, personId, step));
}

/**
 * The sign-in's second factor: a 6-digit code, or a recovery code (each works once). 'format' when the
 * input is neither shape (nothing is counted against the person then but the throttle's failure).
 */
export async function checkSecondFactor(
  database: Transactional,
  personId: string,
  input: string,
  now: Date,
): Promise<'otp' | 'recovery' | 'wrong' | 'format'> {
  const code = canonicalCode(input);
  if (/^\d{6}$/.test(code)) return (await checkTotpCode(database, personId, code, now)) ? 'otp' : 'wrong';
  if (!isRecoveryCode(input)) return 'format';
  return (await consumeRecoveryCode(database, personId, hashRecoveryCode(input), now)) ? 'recovery' : 'wrong';
}

export async function twoFactorState(database: Transactional, personId: string) {
  const row = await findTwoFactor(database, personId);
  const enabledAt = row?.enabled_at ? new Date(row.enabled_at) : null;
  return {
    enabled: enabledAt !== null,
    enabledAt,
    recoveryCodesLeft: enabledAt ? await countRecoveryCodesLeft(database, personId) : 0,
  };
}

/** Turns two-factor sign-in off: the key and every recovery code are deleted. */
export async function disableTwoFactor(database: Transactional, personId: string) {
  await deleteTwoFactor(database, personId);
}

/** Ten new recovery codes in place of the old ones (all of them, spent or not). */
export async function regenerateRecoveryCodes(database: Transactional, personId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(database, personId, codes.map(hashRecoveryCode));
  return codes;
}
