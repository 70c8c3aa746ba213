import { ACCOUNT_ACTION_PATHS, type ActionInvoices } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from '../../../lib/admin-api';

/** GET /accounts/:accountId/refundable-invoices: the invoices, plans and credits the actions act on. */
export const accountActionsQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'accounts', accountId, 'actions'],
    queryFn: () => adminRequest<ActionInvoices>(ACCOUNT_ACTION_PATHS.refundableInvoices(accountId)),
  });
