import { USERS_PATHS, type UsersData } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from '../../../lib/query-keys';

export const usersKey = USERS_QUERY_KEY;

export const fetchUsers = (signal?: AbortSignal) => apiRequest<UsersData>(USERS_PATHS.users, { signal });

export const usersQuery = queryOptions({ queryKey: usersKey, queryFn: ({ signal }) => fetchUsers(signal) });

// The editor starts from the server's current copy (users-page.tsx): asked again on every visit,
// however fresh the cached one.
export const useUsers = () => useQuery({ ...usersQuery, refetchOnMount: 'always' });
