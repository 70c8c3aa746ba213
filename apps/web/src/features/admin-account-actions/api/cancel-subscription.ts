import { ACCOUNT_ACTION_PATHS, type StaffSubscriptionResult } from '@enq/contract';
import { adminAction } from '../../../lib/admin-api';

/** POST /accounts/:accountId/subscription/cancel: the subscription ends with the period. */
export const cancelSubscription = (accountId: string, body: { reason: string }, key: string) =>
  adminAction<StaffSubscriptionResult>(ACCOUNT_ACTION_PATHS.subscription(accountId, 'cancel'), body, key);
