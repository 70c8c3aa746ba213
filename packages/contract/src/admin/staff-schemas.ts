import { z } from 'zod';
import {
  STAFF_ERRORS,
  STAFF_PERMISSIONS,
  STAFF_REASON_MAX,
  STAFF_ROLES,
  type StaffPermission,
} from './staff';

// The operator console's staff schemas, apart from its roles, labels and action names (staff.ts), which
// the portal's Users screen reads for its Activity view without building these.

export const staffRoleSchema = z.enum(STAFF_ROLES);

export const adminMeSchema = z
  .object({
    person_id: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: staffRoleSchema,
    permissions: z.array(z.enum(Object.keys(STAFF_PERMISSIONS) as [StaffPermission, ...StaffPermission[]])),
  })
  .meta({ id: 'AdminMe', description: 'The signed-in staff member and what their role allows' });
export type AdminMe = z.infer<typeof adminMeSchema>;

export const staffReasonSchema = z
  .string()
  .trim()
  .min(1, STAFF_ERRORS.reasonRequired)
  .max(STAFF_REASON_MAX, `Keep the reason to ${STAFF_REASON_MAX} characters.`);

/** The body fields every action shares; an action's schema extends it. */
export const staffActionSchema = z.object({ reason: staffReasonSchema });

/** An action's answer: what the console shows, and the audit entry that records it. */
export const staffActionResultSchema = z
  .object({ message: z.string(), audit_id: z.number().int() })
  .meta({ id: 'StaffActionResult' });
export type StaffActionResult = z.infer<typeof staffActionResultSchema>;
