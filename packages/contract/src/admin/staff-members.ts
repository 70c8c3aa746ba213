import { z } from 'zod';
import { STAFF_ACTIONS, type StaffAction } from './staff';
import { staffActionSchema, staffRoleSchema } from './staff-schemas';

/**
 * The console's staff list and its audit trail (STAFF-01..): admins add staff, change their role and
 * remove them; only admins read the list and the trail, which say who can do what and who did what.
 */
export const STAFF_MEMBER_ERRORS = {
  nameRequired: 'Enter the name.',
  name: 'Keep the name to 100 characters.',
  email: 'Enter a valid email address.',
  emailTaken: 'This email already signs in to enQ.',
  notFound: 'No such staff member.',
  self: 'You cannot change your own role or remove yourself.',
  lastAdmin: 'The console must keep at least one admin.',
  sameRole: 'The staff member already has this role.',
} as const;

export const staffMemberSchema = z
  .object({
    person_id: z.string(),
    full_name: z.string(),
    email: z.string(),
    role: staffRoleSchema,
    created_at: z.string(),
    /** When their two-factor sign-in was set up; null while they have not enrolled (STAFF-10). */
    two_factor_enabled_at: z.string().nullable(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) }).meta({ id: 'StaffList' });
export type StaffList = z.infer<typeof staffListSchema>;

export const addStaffSchema = staffActionSchema
  .extend({
    full_name: z.string().trim().min(1, STAFF_MEMBER_ERRORS.nameRequired).max(100, STAFF_MEMBER_ERRORS.name),
    email: z.string().trim().max(254, STAFF_MEMBER_ERRORS.email).pipe(z.email(STAFF_MEMBER_ERRORS.email)),
    role: staffRoleSchema,
  })
  .meta({ id: 'AddStaffMember' });
export type AddStaffInput = z.input<typeof addStaffSchema>;

export const changeStaffRoleSchema = staffActionSchema
  .extend({ role: staffRoleSchema })
  .meta({ id: 'ChangeStaffRole' });
export type ChangeStaffRoleInput = z.input<typeof changeStaffRoleSchema>;

export const staffPersonParamsSchema = z.object({ personId: z.uuid(STAFF_MEMBER_ERRORS.notFound) });

export const STAFF_AUDIT_PAGE_SIZE = 25;

export const staffAuditQuerySchema = z.object({
  staff_person_id: z.uuid().optional(),
  action: z.enum(Object.keys(STAFF_ACTIONS) as [StaffAction, ...StaffAction[]]).optional(),
  account_id: z.uuid().optional(),
  before_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(STAFF_AUDIT_PAGE_SIZE),
});
export type StaffAuditQuery = z.input<typeof staffAuditQuerySchema>;

export const staffAuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    /** Null for the billing system's own actions (staff_role 'system', staff_name 'enQ billing'). */
    staff_person_id: z.string().nullable(),
    staff_email: z.string().nullable(),
    staff_name: z.string().nullable(),
    staff_role: z.string(),
    action: z.string(),
    account_id: z.string().nullable(),
    account_name: z.string().nullable(),
    reason: z.string(),
  })
  .meta({ id: 'StaffAuditEntry' });
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

export const staffAuditPageSchema = z
  .object({
    entries: z.array(staffAuditEntrySchema),
    /** Pass as before_id for the next (older) page; null on the last page. */
    next_before_id: z.number().int().nullable(),
  })
  .meta({ id: 'StaffAuditPage', description: 'The staff audit trail, newest first' });
export type StaffAuditPage = z.infer<typeof staffAuditPageSchema>;

/** The label of an action id in the trail; an id this build does not know shows as itself. */
export const staffActionLabel = (action: string): string =>
  (STAFF_ACTIONS as Record<string, string>)[action] ?? action;

export const ADMIN_STAFF_PATHS = {
  list: '/staff',
  add: '/staff',
  role: (personId: string) => `/staff/${encodeURIComponent(personId)}/role`,
  remove: (personId: string) => `/staff/${encodeURIComponent(personId)}`,
  audit: '/staff/audit',
} as const;
