// The two-factor domain's entry: routes and other domain folders import from here, never a file inside.
export { CODES_LOCKED_MESSAGE, codesLockedUntil, countWrongCode, guardedCodeCheck } from './code-guesses';
export type { CodeCheck, GuardedCheck, WrongCodeOutcome } from './code-guesses';
export { passwordGuess } from './password-guesses';
export { holdSignIn, pendingSignIn, releaseSignIn } from './pending-sign-in';
export type { PendingSignIn } from './pending-sign-in';
export { beginTwoFactor, newRecoveryCodes, turnOffTwoFactor, turnOnTwoFactor } from './profile-two-factor';
export { checkSecondFactor, confirmEnrolment, startEnrolment, twoFactorState } from './two-factor';
export type { Enrolment } from './two-factor';
export { signInSecondFactor } from './two-factor-repository';
