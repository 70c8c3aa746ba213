import { ACCOUNTS_ADMIN_PATHS, type AccountSearchResponse } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from './admin-api';

/**
 * GET /admin/accounts?q= (CONS-01): accounts by name, email, PIN, invoice number or a card's last four.
 * The console's accounts page and the notice form's account picker both ask it.
 */
export const accountSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'accounts', 'search', q],
    queryFn: ({ signal }) => adminRequest<AccountSearchResponse>(ACCOUNTS_ADMIN_PATHS.search(q), { signal }),
  });
