import { USERS_PATHS, type UsersData } from '@enq/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_FRESH_MS } from '../../../lib/query-client';
import { USERS_QUERY_KEY } from '../../../lib/query-keys';

export const usersKey = USERS_QUERY_KEY;

export const fetchUsers = (signal?: AbortSignal) => apiRequest<UsersData>(USERS_PATHS.users, { signal });

export const usersQuery = queryOptions({ queryKey: usersKey, queryFn: ({ signal }) => fetchUsers(signal) });

/**
 * The list the editor starts from (users-page.tsx): the server's current copy, never a cached one that
 * another page (or another tab) may have outdated. A copy the cache still holds fresh (QUERY_FRESH_MS:
 * the one the boot asked beside the page's code, or one asked as the Users link was about to be
 * followed) is this visit's; an older one is asked again, and `current` stays empty until it is in.
 */
export function useUsers() {
  const client = useQueryClient();
  // Decided once, as the page mounts, so that a copy growing old while the page is open stays in use.
  const [recent] = useState(() => {
    const { dataUpdatedAt = 0 } = client.getQueryState(usersKey) ?? {};
    return dataUpdatedAt > 0 && Date.now() - dataUpdatedAt < QUERY_FRESH_MS;
  });
  const users = useQuery({ ...usersQuery, refetchOnMount: recent ? false : 'always' });
  return { users, current: recent || users.isFetchedAfterMount ? users.data : undefined };
}
