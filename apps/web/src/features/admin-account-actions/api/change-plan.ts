import { ACCOUNT_ACTION_PATHS, type StaffPlanChangeBody, type StaffSubscriptionResult } from '@enq/contract';
import { adminAction } from '../../../lib/admin-api';

/** POST /accounts/:accountId/subscription/change: a plan change at the period's end. */
export const changePlan = (accountId: string, body: StaffPlanChangeBody, key: string) =>
  adminAction<StaffSubscriptionResult>(ACCOUNT_ACTION_PATHS.subscription(accountId, 'change'), body, key);
