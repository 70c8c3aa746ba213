import { ACCOUNTS_ADMIN_PATHS, type AdminAccount } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from '../../../lib/admin-api';

export const accountQueryKey = (accountId: string) => [...ADMIN_QUERY_KEY, 'accounts', accountId] as const;

export const accountQuery = (accountId: string) =>
  queryOptions({
    queryKey: accountQueryKey(accountId),
    queryFn: ({ signal }) => adminRequest<AdminAccount>(ACCOUNTS_ADMIN_PATHS.account(accountId), { signal }),
  });

/** GET /admin/accounts/:id (CONS-02). */
export const useAccount = (accountId: string) => useQuery(accountQuery(accountId));
