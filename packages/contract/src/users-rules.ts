// The Users page's pure rules, shared by the page and the server (USR-01..80).
import { emailKey } from './email-key';
import { isValidEmail, type PortalEnvironment } from './environment';
import { PIN_LENGTH } from './pin';
import { USERS_ERRORS, USERS_NEW_ROW_MIN_NAME_LENGTH, USERS_STATUS_OK } from './users';
import type { RequestStatus, RequestStatusItem } from './users-schemas';

/** A temporary PIN for a new row until it is saved: 6 random digits (the server issues the real one). */
export function temporaryPin(random: () => number = Math.random): string {
  let pin = '';
  for (let i = 0; i < PIN_LENGTH; i++) pin += String(Math.floor(random() * 10) % 10);
  return pin;
}

export interface UserFieldErrors {
  email?: string;
  full_name?: string;
}

export interface ValidationContext {
  environment: PortalEnvironment;
  adminEmail: string;
  /** How many users (admin excluded, removed excluded, this one included) hold each emailKey. */
  emailCounts: ReadonlyMap<string, number>;
}

/** Counts the emailKeys of a list of users (skipping blank emails). */
export function countEmails(users: Iterable<{ email: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const u of users) {
    const key = emailKey(u.email);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Per-field messages of an edited or new user (USR-61..65). For a new row a field that is still
 * empty shows nothing (USR-66). The user must be counted in `emailCounts` itself.
 */
export function userFieldErrors(
  user: { full_name: string; email: string },
  ctx: ValidationContext,
  isNew = false,
): UserFieldErrors {
  const errors: UserFieldErrors = {};
  const email = user.email.trim();
  const key = emailKey(email);
  if (!email) {
    if (!isNew) errors.email = USERS_ERRORS.emailRequired;
  } else if (!isValidEmail(email, ctx.environment)) errors.email = USERS_ERRORS.emailInvalid;
  else if (key === emailKey(ctx.adminEmail)) errors.email = USERS_ERRORS.adminEmail;
  else if ((ctx.emailCounts.get(key) ?? 0) > 1) errors.email = USERS_ERRORS.emailExists;
  const name = user.full_name.trim();
  if (!name && !isNew) errors.full_name = USERS_ERRORS.fullNameRequired;
  else if (name && name.length < USERS_NEW_ROW_MIN_NAME_LENGTH && isNew)
    errors.full_name = USERS_ERRORS.fullNameTooShort;
  return errors;
}

export const isBlankNewRow = (user: { full_name: string; email: string }) =>
  !user.full_name.trim() && !user.email.trim();

/** The aggregate messages of the new rows (USR-67..70); fully blank rows raise nothing (USR-71). */
export function newRowsErrors(rows: readonly { full_name: string; email: string }[], ctx: ValidationContext) {
  const messages: string[] = [];
  const add = (m: string) => {
    if (!messages.includes(m)) messages.push(m);
  };
  let incomplete = false;
  for (const row of rows) {
    if (isBlankNewRow(row)) continue;
    const email = row.email.trim();
    const name = row.full_name.trim();
    if (email && !isValidEmail(email, ctx.environment)) {
      add(USERS_ERRORS.invalidEmailFormat(email));
      incomplete = true;
    } else if (email && emailKey(email) === emailKey(ctx.adminEmail)) add(USERS_ERRORS.adminEmailFor(email));
    else if (email && (ctx.emailCounts.get(emailKey(email)) ?? 0) > 1)
      add(USERS_ERRORS.emailExistsFor(email));
    if (!email || !name || name.length < USERS_NEW_ROW_MIN_NAME_LENGTH) incomplete = true;
  }
  if (incomplete) add(USERS_ERRORS.completeRequired);
  return messages;
}

/** Add user modal (narrow screens): its own wording (USR-36..38). */
export function addUserModalErrors(
  user: { full_name: string; email: string },
  existingEmails: ReadonlySet<string>,
  environment: PortalEnvironment,
): UserFieldErrors {
  const errors: UserFieldErrors = {};
  const name = user.full_name.trim();
  if (!name) errors.full_name = USERS_ERRORS.modalFullNameRequired;
  else if (name.length < USERS_NEW_ROW_MIN_NAME_LENGTH) errors.full_name = USERS_ERRORS.fullNameTooShort;
  const email = user.email.trim();
  if (!isValidEmail(email, environment)) errors.email = USERS_ERRORS.emailInvalid;
  else if (existingEmails.has(emailKey(email))) errors.email = USERS_ERRORS.modalEmailExists;
  return errors;
}

/** The refusal reasons of a save answer, grouped as the 'Changes Not Saved' dialog lists them. */
export function failedItems(status: RequestStatus) {
  const failed = (items: RequestStatusItem[]) => items.filter((i) => i.status !== USERS_STATUS_OK);
  return { added: failed(status.added), updated: failed(status.updated), removed: failed(status.removed) };
}

export const hasFailures = (status: RequestStatus) => {
  const f = failedItems(status);
  return f.added.length + f.updated.length + f.removed.length > 0;
};

/** Search: PIN digits, full name or email contain the query, ignoring case (docs/requirements.md). */
export function matchesUserSearch(
  user: { full_name: string; email: string; pin_number: string },
  query: string,
) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    user.full_name.toLowerCase().includes(q) ||
    user.email.toLowerCase().includes(q) ||
    user.pin_number.includes(q)
  );
}
