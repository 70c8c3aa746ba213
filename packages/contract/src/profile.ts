import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { isValidEmail, type PortalEnvironment } from './environment';

/** GET and PUT /profile/: the six fields of the profile form (PROF-01, API-32). */
export const PROFILE_PATHS = {
  profile: '/profile/',
  changePassword: '/profile/change-password/',
} as const;

/** In form order: validation walks them in this order and the first failure wins (PROF-12). */
export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'email',
  'billing_cc_email',
  'phone_number',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const profileSchema = z
  .object({
    first_name: z.string().max(100),
    last_name: z.string().max(100),
    company: z.string().max(200),
    email: z.string().max(320),
    billing_cc_email: z.string().max(320),
    phone_number: z.string().max(40),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/**
 * PUT /profile/: the six fields, and the current password when the sign-in email changes (a stolen API
 * token alone must not move the account to another address).
 */
export const profileUpdateSchema = profileSchema
  .extend({ current_password: z.string().max(1024).optional() })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The saved profile; `message` says what happens next when a change of email waits for its link. */
export const profileSavedSchema = profileSchema
  .extend({ message: z.string().optional() })
  .meta({ id: 'ProfileSaved' });
export type ProfileSaved = z.infer<typeof profileSavedSchema>;

/** POST /profile/change-password/ answers what happened, e.g. where the reset link went. */
export const changePasswordResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'ChangePasswordResponse' });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const PROFILE_LABELS: Record<ProfileField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company',
  email: 'Email',
  billing_cc_email: 'Billing CC email',
  phone_number: 'Phone number',
};

/** The exact texts of the profile page (PROF-05..19). */
export const PROFILE_TEXT = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  invalidBillingCcEmail: 'Invalid Billing CC email',
  invalidPhone: 'Invalid phone number',
  updateError: 'Error updating profile.',
  updated: 'Profile updated successfully.',
  resetError: 'Error resetting password. Please try again later.',
  resetDone: 'Password reset successfully.',
  resetPassword: 'Reset password',
} as const;

/** What the server says about a change of sign-in email (issue 22); the spec's texts above stay. */
export const EMAIL_CHANGE_TEXT = {
  currentPasswordLabel: 'Current password',
  currentPasswordHint: 'Changing your sign-in email needs your current password.',
  currentPasswordRequired: 'Enter your current password to change your sign-in email.',
  currentPasswordWrong: 'The current password is not correct.',
  recentSignInRequired: 'Sign in again, then change your sign-in email within 5 minutes.',
  sent: (newEmail: string, oldEmail: string) =>
    `We sent a link to ${newEmail} to confirm the change. Your sign-in email stays ${oldEmail} until then.`,
} as const;

/** A confirmation link for a new sign-in email lives this long; a sign-in this recent stands for a password. */
export const EMAIL_CHANGE_TTL_MINUTES = 60;
/** Where the link in the new address's email leads: `${EMAIL_CHANGE_PAGE_PATH}/<token>` on PUBLIC_URL. */
export const EMAIL_CHANGE_PAGE_PATH = '/site/email-change';
export const RECENT_SIGN_IN_MINUTES = 5;

/** The embedded provider's reset links live this long, and a new password needs this many characters. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PASSWORD_MIN_LENGTH = 10;

const DEFAULT_PHONE_COUNTRY = 'US';

function parsePhone(value: string): PhoneNumber | undefined {
  return parsePhoneNumberFromString(value.trim(), DEFAULT_PHONE_COUNTRY);
}

/** PROF-10: valid when libphonenumber-js parses it as a possible number. */
export function isValidPhone(value: string): boolean {
  return parsePhone(value)?.isPossible() ?? false;
}

/** The stored form: E.164 for a valid number, '' for a blank one; anything else is returned trimmed. */
export function phoneToE164(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  const phone = parsePhone(trimmed);
  return phone?.isPossible() ? phone.number : trimmed;
}

/** How a person reads a stored number: national format for US numbers, international otherwise. */
export function formatPhoneForDisplay(value: string): string {
  const phone = value.trim() === '' ? undefined : parsePhone(value);
  if (!phone?.isPossible()) return value;
  return phone.country === 'US' ? phone.formatNational() : phone.formatInternational();
}

export type ProfileErrors = Partial<Record<ProfileField, string>>;

/**
 * Every failing rule (PROF-05..10), by field. Shared by the page and the server, so both say the same
 * thing; blank means empty after trimming.
 */
export function profileErrors(values: Profile, environment: PortalEnvironment): ProfileErrors {
  const errors: ProfileErrors = {};
  const blank = (value: string) => value.trim() === '';
  if (blank(values.first_name)) errors.first_name = PROFILE_TEXT.firstNameRequired;
  if (blank(values.last_name)) errors.last_name = PROFILE_TEXT.lastNameRequired;
  if (blank(values.email)) errors.email = PROFILE_TEXT.emailRequired;
  else if (!isValidEmail(values.email.trim(), environment)) errors.email = PROFILE_TEXT.invalidEmail;
  if (!blank(values.billing_cc_email) && !isValidEmail(values.billing_cc_email.trim(), environment))
    errors.billing_cc_email = PROFILE_TEXT.invalidBillingCcEmail;
  if (!blank(values.phone_number) && !isValidPhone(values.phone_number))
    errors.phone_number = PROFILE_TEXT.invalidPhone;
  return errors;
}

/** PROF-12: the first failing field in form order, or null. */
export function validateProfile(
  values: Profile,
  environment: PortalEnvironment,
): { field: ProfileField; message: string } | null {
  const errors = profileErrors(values, environment);
  const field = PROFILE_FIELDS.find((name) => errors[name] !== undefined);
  return field ? { field, message: errors[field]! } : null;
}

/** What is stored for valid values: every field trimmed, the phone in E.164. */
export function normalizeProfile(values: Profile): Profile {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    company: values.company.trim(),
    email: values.email.trim(),
    billing_cc_email: values.billing_cc_email.trim(),
    phone_number: phoneToE164(values.phone_number),
  };
}
