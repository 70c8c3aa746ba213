import { useQuery } from '@tanstack/react-query';
import { accountSearchQuery } from '../../../lib/admin-account-search';

/** GET /admin/accounts?q= (CONS-01). */
export const useAccountSearch = (q: string) => useQuery(accountSearchQuery(q));
