// The profile domain's entry: routes and other domain folders import from here, never a file inside.
export { confirmNewEmail, emailChangeRequested, emailChanged } from './email-change-notices';
export { completeEmailChange, createEmailChange, findEmailClash } from './email-change';
export { findPasswordHash, findUsableEmailChange, signedInWithin } from './email-change-repository';
export { EMAIL_CLASH, readProfile, saveProfile } from './profile-repository';
