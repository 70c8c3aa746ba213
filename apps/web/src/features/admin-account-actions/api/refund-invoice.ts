import { ACCOUNT_ACTION_PATHS, type RefundBody, type RefundResult } from '@enq/contract';
import { adminAction } from '../../../lib/admin-api';

/** POST /accounts/:accountId/refunds: a full or partial refund, and its credit note. */
export const refundInvoice = (accountId: string, body: RefundBody, key: string) =>
  adminAction<RefundResult>(ACCOUNT_ACTION_PATHS.refunds(accountId), body, key);
