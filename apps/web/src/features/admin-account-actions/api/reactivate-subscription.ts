import { ACCOUNT_ACTION_PATHS, type StaffSubscriptionResult } from '@enq/contract';
import { adminAction } from '../../../lib/admin-api';

/** POST /accounts/:accountId/subscription/reactivate: a cancellation or scheduled change undone. */
export const reactivateSubscription = (accountId: string, body: { reason: string }, key: string) =>
  adminAction<StaffSubscriptionResult>(ACCOUNT_ACTION_PATHS.subscription(accountId, 'reactivate'), body, key);
