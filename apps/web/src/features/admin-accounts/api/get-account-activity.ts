import { ACCOUNTS_ADMIN_PATHS, type ActivityPage } from '@enq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-api';
import { accountQueryKey } from './get-account';

/** GET /admin/accounts/:id/activity?page= (CONS-02): the customer's activity log, a page at a time. */
export function useAccountActivity(accountId: string, page: number) {
  return useQuery({
    queryKey: [...accountQueryKey(accountId), 'activity', page],
    queryFn: ({ signal }) =>
      adminRequest<ActivityPage>(ACCOUNTS_ADMIN_PATHS.activity(accountId, page), { signal }),
    placeholderData: keepPreviousData,
  });
}
