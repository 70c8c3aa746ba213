// The Users page (USR-01..80, API-45..55): its texts and limits. The API's schemas are in
// users-schemas.ts, so that the page's first load does not build them.

export const USERS_CSV_TEMPLATE_FILENAME = 'add-users-enq.csv';
export const USERS_CSV_COLUMNS = ['full_name', 'email', 'hold_music'] as const;
/**
 * The template's example row (its hold music is the catalogue's default track): it shows how a row
 * reads, and an upload that still has it skips it rather than add a made-up person.
 */
export const USERS_CSV_EXAMPLE = {
  full_name: 'Jordan Example',
  email: 'jordan.example@example.com',
} as const;
/** The CSV upload: at most this many bytes and data rows. */
export const USERS_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const USERS_CSV_MAX_ROWS = 10_000;

// ---------------------------------------------------------------- constants

export const USERS_SHOW_ALL_LABEL = 'Show All';
export const USERS_NEW_ROW_MIN_NAME_LENGTH = 2;
/** The status of a request_status item that went through; any other status is the refusal reason. */
export const USERS_STATUS_OK = 'success';

// ---------------------------------------------------------------- texts (USR)

export const USERS_TEXT = {
  /**
   * Subscription's count of people with a PIN (the admin too) against the Users page, which lists the
   * others: "26" there and "1–10 of 25" here, said in the same words on both.
   */
  activeUsersHint: (active: number) =>
    active <= 1 ? 'with a PIN: you' : `with a PIN: you and the ${active - 1} on the Users page`,
  title: 'Users',
  newUser: 'New User',
  deleteUser: 'Delete user',
  bulkNote: 'Select users to perform bulk operations:',
  selectedUsers: (n: number) => `Selected users: ${n}`,
  selectAll: (total: number) => `Select All ${total}`,
  clearSelection: 'Clear Selection',
  saveHint: 'Click "Save Changes" to apply all updates made on this page.',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',
  changesNotSavedTitle: 'Changes Not Saved',
  changesNotSavedToast: 'Changes are not saved.',
  changesSaved: 'Changes saved.',
  unsuccessfulAdditions: 'Unsuccessful Additions',
  failedModifications: 'Failed Modifications',
  failedDeletions: 'Failed Deletions',
  reviewIssues: 'Please review these issues and take the necessary actions to resolve them.',
  userAddedToUnsaved: (name: string) => `New user ${name} added to unsaved changes.`,
  pinChanged: 'PIN changed.',
  pinsChanged: 'PINs changed.',
  pinEmailSent: 'PIN email sent.',
  userDeleted: 'User deleted.',
  usersDeleted: 'Users deleted.',
  // Modal and control names (USR-35, USR-44, USR-47, USR-74, USR-76).
  changePinTitle: 'Change PIN',
  sendPinEmailTitle: 'Send PIN Email',
  confirmChangesTitle: 'Confirm User List Changes',
  confirmDeleteTitle: 'Confirm Delete Users',
  editUserTitle: 'Edit user info',
  addUserTitle: 'Add new user',
  // Our own wording, where the rules name no text (docs/requirements.md, Decisions).
  inactiveBanner: 'Your subscription is inactive. Users cannot be added or changed until it is renewed.',
  notMultiUser: 'Your plan does not include sub-account users. Change to a multi-user plan to add users.',
  // Our wording: the list of a single-user plan is empty because of the plan, not a search.
  noSubUsers:
    'Your plan has no sub-account users: only you sign in and call. To give your team their own PINs, change to a multi-user plan on the Subscription page.',
  noSearchMatch: 'No users match your search.',
} as const;

export const USERS_ERRORS = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email.',
  emailExists: 'This email already exists.',
  adminEmail: 'Admin email cannot be used.',
  fullNameRequired: 'Full name is required.',
  // Our wording: USR-70 refuses a name under 2 characters but names no message for the field.
  fullNameTooShort: 'Full name must be at least 2 characters.',
  // New rows, aggregate.
  invalidEmailFormat: (email: string) => `Invalid email format: ${email}`,
  emailExistsFor: (email: string) => `This email already exists: ${email}`,
  adminEmailFor: (email: string) => `Admin email cannot be used: ${email}`,
  completeRequired: 'Please complete all required fields',
  // Add user modal.
  modalFullNameRequired: 'Full name required.',
  modalEmailExists: 'Email already exists.',
  // Server-side only (our wording).
  holdMusicUnknown: 'Choose a hold music track from the list.',
  userNotFound: 'This user was not found on your account.',
  adminLocked: "The admin user's name and email cannot be changed here.",
  adminNotRemovable: 'The admin user cannot be removed.',
  subscriptionInactive: 'Your subscription is inactive. Users cannot be changed until it is renewed.',
  notMultiUser: 'Your plan does not include sub-account users.',
} as const;

/**
 * What a users save did, as the line under 'Changes saved.' (kept exact, USR spec) says it:
 * '2 added, 1 updated.' from the request_status items that went through; '' when none did.
 */
export function savedCountsText(status: {
  added: readonly { status: string }[];
  updated: readonly { status: string }[];
  removed: readonly { status: string }[];
}): string {
  const done = (items: readonly { status: string }[]) =>
    items.filter((item) => item.status === USERS_STATUS_OK).length;
  const parts = (
    [
      [done(status.added), 'added'],
      [done(status.updated), 'updated'],
      [done(status.removed), 'removed'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}`);
  return parts.length ? `${parts.join(', ')}.` : '';
}
