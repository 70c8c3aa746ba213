import { ACCOUNT_ACTION_PATHS, type StaffPauseResult } from '@enq/contract';
import { adminAction } from '../../../lib/admin-api';

/** POST /accounts/:accountId/pause/resume: resumed now (paid first), or a scheduled pause withdrawn. */
export const resumePlan = (accountId: string, body: { reason: string }, key: string) =>
  adminAction<StaffPauseResult>(ACCOUNT_ACTION_PATHS.resume(accountId), body, key);
