// The auth domain's entry: routes and other domain folders import from here, never a file inside.
export { issueApiToken } from './api-tokens';
export {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_ID_CLAIM,
  deviceIdOf,
  isDeviceCookieValue,
  newDeviceCookieValue,
} from './device-id';
export { deviceOfToken, isKnownDevice, markDeviceNotified, recordDevice } from './devices-repository';
export { InvalidIdTokenError } from './id-token-verifier';
export { newDeviceEmail, passwordResetEmail } from './notices';
export {
  countInOidcPayload,
  destroyOidcPayload,
  findOidcPayload,
  upsertOidcPayload,
} from './oidc-payloads-repository';
export { hashPassword, verifyPassword } from './password';
export { createPasswordReset } from './password-reset';
export { completePasswordReset, findResetRecipient, findUsableReset } from './password-reset-repository';
export { findPersonBySubject } from './people-repository';
export { loadOrCreateSecret } from './server-secrets-repository';
export { findSignInIdentityByEmail } from './sign-in-identity';
export { consumeIdToken, endSignIns, issuedBeforeRevocation } from './session-guard-repository';
export { lowConfidenceReasons, riskySignInSightingId } from './sign-in-risk';
export { countFailure, lockFailures, recentFailures } from './sign-in-failures-repository';
export { clearSignInFailures, recordSignInFailure, signInWaitSeconds } from './sign-in-throttle';
export { hashToken, revokePersonApiTokens } from './token-repository';
export type { Principal } from './token-repository';
