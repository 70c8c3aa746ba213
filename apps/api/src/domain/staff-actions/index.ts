// The staff-actions domain's entry: routes and other domain folders import from here, never a file inside.
export { BILLING_SYSTEM, runStaffAction } from './staff-actions';
export type { ActionActor, StaffActionAnswer, StaffActionDone, StaffActor } from './staff-actions';
export {
  claimStaffActionKey,
  findStaffAction,
  listStaffAudit,
  releaseStaffActionKey,
} from './staff-audit-repository';
