import { USERS_PATHS, type SaveUsersRequest, type SaveUsersResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersKey } from './get-users';

export const saveUsers = (body: SaveUsersRequest) =>
  apiRequest<SaveUsersResponse>(USERS_PATHS.users, { method: 'PUT', body });

/** The users save (also the immediate delete, with only `removed`); the answer refreshes the cache. */
export function useSaveUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveUsers,
    onSuccess: ({ request_status: _status, ...data }) => client.setQueryData(usersKey, data),
  });
}
