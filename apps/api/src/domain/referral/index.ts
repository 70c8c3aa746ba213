// The referral domain's entry: routes and other domain folders import from here, never a file inside.
export { findPendingSignup } from './pending-signup-repository';
export { grantReferralBonusForPayment } from './referral-bonus';
export { ensureReferralCode } from './referral-code';
export { accountName, listReferred } from './referral-repository';
export type { Referrer } from './referral-repository';
export { checkSignupForm, holdSignup, referrerFor, signUp } from './signup';
export type { SignupDeps } from './signup';
export { signupAttemptEmail, signupLinkEmail } from './signup-notices';
