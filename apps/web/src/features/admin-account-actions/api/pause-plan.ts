import { ACCOUNT_ACTION_PATHS, type StaffPauseBody, type StaffPauseResult } from '@enq/contract';
import { adminAction } from '../../../lib/admin-api';

/** POST /accounts/:accountId/pause: the plan pauses at the period's end until the date, for the customer. */
export const pausePlan = (accountId: string, body: StaffPauseBody, key: string) =>
  adminAction<StaffPauseResult>(ACCOUNT_ACTION_PATHS.pause(accountId), body, key);
