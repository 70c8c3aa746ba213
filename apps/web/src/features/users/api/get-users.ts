import { USERS_PATHS, type UsersData } from '@enq/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from '../../../lib/query-keys';

export const usersKey = USERS_QUERY_KEY;

export const fetchUsers = (signal?: AbortSignal) => apiRequest<UsersData>(USERS_PATHS.users, { signal });

export const usersQuery = queryOptions({ queryKey: usersKey, queryFn: ({ signal }) => fetchUsers(signal) });

/**
 * The list the editor starts from (users-page.tsx): the server's current copy, never a cached one that
 * another page (or another tab) may have outdated. A copy the cache still holds fresh (its staleTime,
 * lib/query-client.ts: the one the boot asked beside the page's code, or one asked as the Users link was
 * about to be followed) is this visit's; an older one is asked again, and `current` stays empty until
 * the answer is in. The staleTime is read from the client, whose module stays out of this one's chunk.
 */
export function useUsers() {
  const client = useQueryClient();
  // Decided once, as the page mounts, so that a copy growing old while the page is open stays in use.
  const [recent] = useState(() => {
    const { staleTime } = client.getDefaultOptions().queries ?? {};
    const query = client.getQueryCache().find({ queryKey: usersKey });
    return !!query && typeof staleTime === 'number' && !query.isStaleByTime(staleTime);
  });
  const users = useQuery({ ...usersQuery, refetchOnMount: recent ? false : 'always' });
  return { users, current: recent || users.isFetchedAfterMount ? users.data : undefined };
}
