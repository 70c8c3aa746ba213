import { COLLECTION_PATHS, type CollectionList, type CollectionSettings } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from '../../../lib/admin-api';

export const COLLECTION_QUERY_KEY = [...ADMIN_QUERY_KEY, 'collection'] as const;

/** GET /admin/collection/: the accounts in collection, the soonest next try first. */
export const collectionListQuery = queryOptions({
  queryKey: [...COLLECTION_QUERY_KEY, 'list'] as const,
  queryFn: () => adminRequest<CollectionList>(COLLECTION_PATHS.list),
});

/** GET /admin/collection/settings: the schedule and policy, globally and per plan. */
export const collectionSettingsQuery = queryOptions({
  queryKey: [...COLLECTION_QUERY_KEY, 'settings'] as const,
  queryFn: () => adminRequest<CollectionSettings>(COLLECTION_PATHS.settings),
});
