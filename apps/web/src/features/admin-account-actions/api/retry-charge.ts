import { ACCOUNT_ACTION_PATHS, type StaffActionResult } from '@enq/contract';
import { adminAction } from '../../../lib/admin-api';

/** POST /accounts/:accountId/invoices/:invoiceId/charge: 200 paid, 202 pending, 402 declined. */
export const retryCharge = (accountId: string, invoiceId: string, body: { reason: string }, key: string) =>
  adminAction<StaffActionResult>(ACCOUNT_ACTION_PATHS.charge(accountId, invoiceId), body, key);
