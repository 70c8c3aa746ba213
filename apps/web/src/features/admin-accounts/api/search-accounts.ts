import { ACCOUNTS_ADMIN_PATHS, type AccountSearchResponse } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from '../../../lib/admin-api';

export const accountSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'accounts', 'search', q],
    queryFn: ({ signal }) => adminRequest<AccountSearchResponse>(ACCOUNTS_ADMIN_PATHS.search(q), { signal }),
  });

/** GET /admin/accounts?q= (CONS-01). */
export const useAccountSearch = (q: string) => useQuery(accountSearchQuery(q));
