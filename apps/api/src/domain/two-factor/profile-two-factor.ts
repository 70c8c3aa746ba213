import { TWO_FACTOR_TEXT } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import type { Mailer } from '../ports/mailer';
import { CODES_LOCKED_MESSAGE, guardedCodeCheck } from './code-guesses';
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

/** Where a wrong code's lockout email goes from (the app's mailer). */
type Guesses = { mailer: Pick<Mailer, 'send'> };

/**
 * A code checked on /profile counts against the same per-account guesses as the sign-in's: refused while
 * the account is locked, and a wrong one counted (the many-addresses guesser of a stolen token). `check`
 * runs in the guesses' transaction, so what it spends or changes commits with the count.
 */
async function checkedCode<T>(
  database: Transactional,
  { mailer }: Guesses,
  person: ProfilePerson,
  now: Date,
  check: (tx: Transactional) => Promise<T | 'wrong'>,
  wrongMessage: string,
): Promise<T> {
  const who = { uid: null, personId: person.id, email: person.email };
  const checked = await guardedCodeCheck(database, mailer, who, now, check);
  if (checked.kind === 'right') return checked.value;
  if (checked.kind === 'locked' || checked.outcome.lockedNow)
    throw new DomainError('rate-limited', CODES_LOCKED_MESSAGE, 'code');
  throw new DomainError('invalid', wrongMessage, 'code');
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
  guesses: Guesses,
  person: ProfilePerson,
  code: string,
  now: Date,
) {
  // A wrong first code leaves the enrolment as it was (its savepoint changed nothing) and is counted.
  return checkedCode(
    database,
    guesses,
    person,
    now,
    (guarded) =>
      guarded.transaction(async (tx) => {
        const codes = await confirmEnrolment(tx, person.id, code, now);
        if (codes === 'wrong') return 'wrong' as const;
        if (codes === 'already_on') throw new DomainError('conflict', TWO_FACTOR_TEXT.alreadyOn);
        if (codes === 'not_started') throw new DomainError('conflict', TWO_FACTOR_TEXT.notStarted);
        await logged(tx, person, 'profile.two_factor_on');
        return codes;
      }),
    TWO_FACTOR_TEXT.wrongCode,
  );
}

/** A current code proves the person holds the app before it is turned off or its codes replaced. */
async function requireCode(
  tx: Transactional,
  guesses: Guesses,
  person: ProfilePerson,
  code: string,
  now: Date,
) {
  if (!(await twoFactorState(tx, person.id)).enabled)
    throw new DomainError('conflict', TWO_FACTOR_TEXT.notOn);
  await checkedCode(
    tx,
    guesses,
    person,
    now,
    async (guarded) => ((await checkTotpCode(guarded, person.id, code, now)) ? true : ('wrong' as const)),
    TWO_FACTOR_TEXT.wrongCode,
  );
}

/**
 * Turn off with a current code or a recovery code (TOTP-10), which is spent outside the change: a refused
 * change still used the code.
 */
export async function turnOffTwoFactor(
  database: Transactional,
  guesses: Guesses,
  person: ProfilePerson,
  code: string,
  now: Date,
) {
  if (!(await twoFactorState(database, person.id)).enabled)
    throw new DomainError('conflict', TWO_FACTOR_TEXT.notOn);
  await checkedCode(
    database,
    guesses,
    person,
    now,
    async (guarded) => {
      const used = await checkSecondFactor(guarded, person.id, code, now);
      return used === 'otp' || used === 'recovery' ? used : ('wrong' as const);
    },
    TWO_FACTOR_TEXT.wrongCodeOrRecovery,
  );
  await database.transaction(async (tx) => {
    await disableTwoFactor(tx, person.id);
    await logged(tx, person, 'profile.two_factor_off');
  });
}

export async function newRecoveryCodes(
  database: Transactional,
  guesses: Guesses,
  person: ProfilePerson,
  code: string,
  now: Date,
) {
  await requireCode(database, guesses, person, code, now);
  return database.transaction(async (tx) => {
    const codes = await regenerateRecoveryCodes(tx, person.id);
    await logged(tx, person, 'profile.two_factor_codes');
    return codes;
  });
}
