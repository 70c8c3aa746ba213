import { USERS_PATHS, type UsersData } from '@enq/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from '../../../lib/query-keys';

export const usersKey = USERS_QUERY_KEY;

export const fetchUsers = (signal?: AbortSignal) => apiRequest<UsersData>(USERS_PATHS.users, { signal });

export const usersQuery = queryOptions({ queryKey: usersKey, queryFn: ({ signal }) => fetchUsers(signal) });

/**
 * How old a copy of the list the editor may start from: one the boot asked beside the page's code
 * (app/screen-data.ts), or one asked as the Users link was about to be followed, is that visit's copy.
 */
export const USERS_RECENT_MS = 5_000;

/**
 * The list the editor starts from (users-page.tsx): the server's current copy, never a cached one that
 * another page (or another tab) may have outdated. A copy asked in the moments before this visit is
 * used as it is; an older one is asked again, and `current` stays empty until the new answer is in.
 */
export function useUsers() {
  const client = useQueryClient();
  // Decided once, as the page mounts, so that a copy growing old while the page is open stays in use.
  const [recent] = useState(() => {
    const { dataUpdatedAt = 0 } = client.getQueryState(usersKey) ?? {};
    return dataUpdatedAt > 0 && Date.now() - dataUpdatedAt < USERS_RECENT_MS;
  });
  const users = useQuery({ ...usersQuery, refetchOnMount: recent ? false : 'always' });
  return { users, current: recent || users.isFetchedAfterMount ? users.data : undefined };
}
