import { z } from 'zod';

// The Users page (USR-01..80, API-45..55).

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

// ---------------------------------------------------------------- schemas (API-45..API-55)

const pinSchema = z.string().regex(/^\d+$/, 'A PIN is digits only').max(32);

export const holdMusicSchema = z
  .object({ name: z.string(), value: z.string(), url: z.string() })
  .meta({ id: 'HoldMusic' });
export type HoldMusic = z.infer<typeof holdMusicSchema>;

export const userSchema = z
  .object({
    full_name: z.string().max(200),
    email: z.string().max(320),
    pin_number: z.string().max(32),
    hold_music: z.string().max(100),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const usersDataSchema = z
  .object({
    admin_user: userSchema,
    users: z.array(userSchema),
    is_subscription_active: z.boolean(),
    is_multi_user: z.boolean().meta({ description: 'The plan allows sub-account users (Add is offered)' }),
    hold_music_list: z.array(holdMusicSchema),
    default_hold_music: z.string(),
  })
  .meta({ id: 'UsersData' });
export type UsersData = z.infer<typeof usersDataSchema>;

/** A user to add: the temporary PIN the page made up is ignored; the server issues the real one. */
export const newUserSchema = userSchema.extend({ pin_number: z.string().max(32).optional() });
export type NewUser = z.infer<typeof newUserSchema>;

export const saveUsersRequestSchema = z
  .object({
    added: z.array(newUserSchema).max(20_000).default([]),
    removed: z
      .array(userSchema.partial({ full_name: true, email: true, hold_music: true }))
      .max(20_000)
      .default([]),
    updated: z.array(userSchema).max(20_000).default([]),
    admin_user: userSchema.optional().nullable(),
  })
  .meta({ id: 'SaveUsersRequest' });
export type SaveUsersRequest = z.input<typeof saveUsersRequestSchema>;

export const requestStatusItemSchema = z.object({ email: z.string(), status: z.string() });
export type RequestStatusItem = z.infer<typeof requestStatusItemSchema>;

export const requestStatusSchema = z
  .object({
    added: z.array(requestStatusItemSchema),
    removed: z.array(requestStatusItemSchema),
    updated: z.array(requestStatusItemSchema),
  })
  .meta({ id: 'RequestStatus' });
export type RequestStatus = z.infer<typeof requestStatusSchema>;

export const saveUsersResponseSchema = usersDataSchema
  .extend({ request_status: requestStatusSchema })
  .meta({ id: 'SaveUsersResponse' });
export type SaveUsersResponse = z.infer<typeof saveUsersResponseSchema>;

export const changePinsRequestSchema = z
  .object({ pin_numbers: z.array(pinSchema).min(1).max(20_000) })
  .meta({ id: 'ChangePinsRequest' });
export type ChangePinsRequest = z.infer<typeof changePinsRequestSchema>;
export const changePinsResponseSchema = z
  .object({ users: z.array(userSchema) })
  .meta({ id: 'ChangePinsResponse' });
export type ChangePinsResponse = z.infer<typeof changePinsResponseSchema>;

export const changeAdminPinRequestSchema = z
  .object({ pin_number: pinSchema })
  .meta({ id: 'ChangeAdminPinRequest' });
export const changeAdminPinResponseSchema = z
  .object({ admin_user: userSchema })
  .meta({ id: 'ChangeAdminPinResponse' });
export type ChangeAdminPinResponse = z.infer<typeof changeAdminPinResponseSchema>;

export const sendPinEmailRequestSchema = z
  .object({ emails: z.array(z.string().max(320)).min(1).max(20_000) })
  .meta({ id: 'SendPinEmailRequest' });
export const sendPinEmailResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'SendPinEmailResponse' });
export type SendPinEmailResponse = z.infer<typeof sendPinEmailResponseSchema>;

export const csvRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;
/** A refused CSV upload: the error envelope plus every bad row (row 1 is the header). */
export const csvImportErrorSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
    errors: z.array(csvRowErrorSchema),
  })
  .meta({ id: 'CsvImportError' });
export type CsvImportError = z.infer<typeof csvImportErrorSchema>;
/** The CSV upload as the API document shows it: a multipart/form-data body with the file in `file`. */
export const usersCsvUploadSchema = z
  .object({
    file: z.file().meta({
      description: `A CSV file in the template format, at most ${USERS_CSV_MAX_BYTES / 1024 / 1024} MB`,
    }),
  })
  .meta({ id: 'UsersCsvUpload' });
