/**
 * Staff roles of the operator console, each holding the powers of the one before it: support reads
 * accounts, writes internal notes, resends invoice emails and views the portal as the customer;
 * finance adds refunds, credit adjustments, charges, plan changes and tax status; admin adds the
 * catalogue, the notices and the staff list. The server enforces them (plugins/staff.ts); the console
 * only hides what a role cannot do.
 */
export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  support: 'Support',
  finance: 'Finance',
  admin: 'Admin',
};

/** Each permission and the least role that holds it. */
export const STAFF_PERMISSIONS = {
  read: 'support',
  notes: 'support',
  resend: 'support',
  viewAsCustomer: 'support',
  refund: 'finance',
  adjustCredits: 'finance',
  charge: 'finance',
  changePlan: 'finance',
  taxStatus: 'finance',
  catalogue: 'admin',
  notices: 'admin',
  staff: 'admin',
} as const satisfies Record<string, StaffRole>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(STAFF_PERMISSIONS[permission]);
}

export const STAFF_ERRORS = {
  notStaff: 'Only enQ staff can use the operator console.',
  secondFactor:
    'The operator console needs a two-factor sign-in. Sign out and sign in again with your authenticator code.',
  role: (permission: StaffPermission) =>
    `Your role cannot do this: it needs the ${STAFF_ROLE_LABELS[STAFF_PERMISSIONS[permission]]} role.`,
  reasonRequired: 'Enter a reason.',
  keyReused: 'This idempotency key was already used for a different request.',
} as const;

/**
 * Every console action that changes something carries a reason, recorded with it in the staff audit
 * trail and the account's activity log, and an Idempotency-Key header: a retry with the same key
 * returns the first answer and changes nothing.
 */
export const STAFF_REASON_MAX = 500;

/**
 * The billing system itself, when it takes a console action's path with no staff member behind it (the
 * refund of an Upgrade now paid after its period closed, PLAN-13): the staff audit trail names it, with
 * no person nor email, and the customer's Activity view reads its changes as made by it.
 */
export const SYSTEM_ACTOR = { name: 'enQ billing', role: 'system' } as const;

/** How the audit trail names the role of an entry's actor: a staff role, or the billing system's. */
export const staffRoleLabel = (role: string): string =>
  role === SYSTEM_ACTOR.role ? 'System' : (STAFF_ROLE_LABELS[role as StaffRole] ?? role);

/**
 * Console actions by id, as the staff audit trail names them and, for those on an account, as the
 * customer's Activity view reads them (recorded there as `staff.<id>`, by 'enQ support').
 */
export const STAFF_ACTIONS = {
  'note.add': 'Added an internal note',
  'invoice.resend': 'Resent an invoice email',
  'tax_status.set': 'Changed the tax status',
  view_as_customer: 'Viewed the portal as the customer',
  refund: 'Refunded an invoice',
  'credits.adjust': 'Adjusted the credits',
  'plan.change': 'Changed the plan',
  'subscription.cancel': 'Cancelled the subscription',
  'subscription.reactivate': 'Reactivated the subscription',
  'charge.retry': 'Retried a failed charge',
  'pause.request': 'Paused the plan for the customer',
  'pause.resume': 'Resumed the plan for the customer',
  'collection.settings': 'Changed the retry schedule',
  'catalogue.plan': 'Changed a plan in the catalogue',
  'catalogue.rate': 'Scheduled a rate change',
  'catalogue.line': 'Changed a line',
  'catalogue.market': 'Changed a market',
  'notice.publish': 'Published a notice',
  'notice.withdraw': 'Withdrew a notice',
  'staff.add': 'Added a staff member',
  'staff.role': "Changed a staff member's role",
  'staff.remove': 'Removed a staff member',
} as const;
export type StaffAction = keyof typeof STAFF_ACTIONS;
