import { USERS_PATHS, type ChangeAdminPinResponse, type UsersData } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersKey } from './get-users';

export const changeAdminPin = (pinNumber: string) =>
  apiRequest<ChangeAdminPinResponse>(USERS_PATHS.changeAdminPin, {
    method: 'PUT',
    body: { pin_number: pinNumber },
  });

/** The new PIN goes into the cached list too: coming back to /users must show (and save against) it. */
export function useChangeAdminPin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeAdminPin,
    onSuccess: ({ admin_user }) =>
      client.setQueryData<UsersData>(usersKey, (data) =>
        data ? { ...data, admin_user: { ...data.admin_user, pin_number: admin_user.pin_number } } : data,
      ),
  });
}
