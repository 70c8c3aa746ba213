import { TWO_FACTOR_TEXT } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity';
import { DomainError } from '../errors';
import {
  checkSecondFactor,
  checkTotpCode,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  restartEnrolment,
  twoFactorState,
  type Enrolment,
} from './two-factor';

/** The signed-in customer on /profile (TOTP-07): their person and account. */
export interface ProfilePerson {
  id: string;
  accountId: string;
  email: string;
}

const logged = (tx: Transactional, person: ProfilePerson, action: string) =>
  recordActivity(tx, person.accountId, person.id, [
    { action, target_person_id: person.id, before: null, after: null },
  ]);

/** Turn on: a new key and its QR code, waiting for the first code (a key shown before is replaced). */
export async function beginTwoFactor(database: Transactional, person: ProfilePerson): Promise<Enrolment> {
  const enrolment = await restartEnrolment(database, person);
  if (enrolment === 'already_on') throw new DomainError('conflict', TWO_FACTOR_TEXT.alreadyOn);
  return enrolment;
}

/** The first code turns it on, recorded in the activity log in the same transaction; the codes to show. */
export async function turnOnTwoFactor(
  database: Transactional,
  person: ProfilePerson,
  code: string,
  now: Date,
) {
  return database.transaction(async (tx) => {
    const codes = await confirmEnrolment(tx, person.id, code, now);
    if (codes === 'wrong') throw new DomainError('invalid', TWO_FACTOR_TEXT.wrongCode, 'code');
    if (codes === 'already_on') throw new DomainError('conflict', TWO_FACTOR_TEXT.alreadyOn);
    if (codes === 'not_started') throw new DomainError('conflict', TWO_FACTOR_TEXT.notStarted);
    await logged(tx, person, 'profile.two_factor_on');
    return codes;
  });
}

/** A current code proves the person holds the app before it is turned off or its codes replaced. */
async function requireCode(tx: Transactional, person: ProfilePerson, code: string, now: Date) {
  if (!(await twoFactorState(tx, person.id)).enabled)
    throw new DomainError('conflict', TWO_FACTOR_TEXT.notOn);
  if (!(await checkTotpCode(tx, person.id, code, now)))
    throw new DomainError('invalid', TWO_FACTOR_TEXT.wrongCode, 'code');
}

/**
 * Turn off with a current code or a recovery code (TOTP-10), which is spent outside the change: a refused
 * change still used the code.
 */
export async function turnOffTwoFactor(
  database: Transactional,
  person: ProfilePerson,
  code: string,
  now: Date,
) {
  if (!(await twoFactorState(database, person.id)).enabled)
    throw new DomainError('conflict', TWO_FACTOR_TEXT.notOn);
  const used = await checkSecondFactor(database, person.id, code, now);
  if (used !== 'otp' && used !== 'recovery')
    throw new DomainError('invalid', TWO_FACTOR_TEXT.wrongCodeOrRecovery, 'code');
  await database.transaction(async (tx) => {
    await disableTwoFactor(tx, person.id);
    await logged(tx, person, 'profile.two_factor_off');
  });
}

export async function newRecoveryCodes(
  database: Transactional,
  person: ProfilePerson,
  code: string,
  now: Date,
) {
  await requireCode(database, person, code, now);
  return database.transaction(async (tx) => {
    const codes = await regenerateRecoveryCodes(tx, person.id);
    await logged(tx, person, 'profile.two_factor_codes');
    return codes;
  });
}
