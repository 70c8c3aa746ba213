import { ADMIN_QUERY_KEY } from '../../../lib/admin-api';

/** Every catalogue answer sits below this key: a change refetches them all. */
export const CATALOGUE_QUERY_KEY = [...ADMIN_QUERY_KEY, 'catalogue'] as const;
