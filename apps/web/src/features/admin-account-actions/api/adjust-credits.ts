import { ACCOUNT_ACTION_PATHS, type CreditAdjustmentBody, type CreditAdjustmentResult } from '@enq/contract';
import { adminAction } from '../../../lib/admin-api';

/** POST /accounts/:accountId/credit-adjustments: grant (positive) or remove (negative) credits. */
export const adjustCredits = (accountId: string, body: CreditAdjustmentBody, key: string) =>
  adminAction<CreditAdjustmentResult>(ACCOUNT_ACTION_PATHS.creditAdjustments(accountId), body, key);
