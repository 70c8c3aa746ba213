import { emailKey, USERS_PATHS, type ChangePinsResponse, type UsersData } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersKey } from './get-users';

export const changePins = (pinNumbers: string[]) =>
  apiRequest<ChangePinsResponse>(USERS_PATHS.changePin, { method: 'PUT', body: { pin_numbers: pinNumbers } });

/** The new PINs go into the cached list too: coming back to /users must show (and save against) them. */
export function useChangePins() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePins,
    onSuccess: ({ users }) => {
      const pinByEmail = new Map(users.map((u) => [emailKey(u.email), u.pin_number]));
      client.setQueryData<UsersData>(usersKey, (data) =>
        data
          ? {
              ...data,
              users: data.users.map((u) => ({
                ...u,
                pin_number: pinByEmail.get(emailKey(u.email)) ?? u.pin_number,
              })),
            }
          : data,
      );
    },
  });
}
