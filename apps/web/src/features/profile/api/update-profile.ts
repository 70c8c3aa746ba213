import { PROFILE_PATHS, type Profile } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from '../../../lib/query-keys';
import { meQuery } from '../../../lib/session';
import { PROFILE_QUERY_KEY } from './get-profile';

/** PUT /profile/ with the six fields; answers the profile as saved (phone in E.164). */
export function updateProfile(body: Profile): Promise<Profile> {
  return apiRequest<Profile>(PROFILE_PATHS.profile, { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, saved);
      // The name and email are also who the session is, and what the feature-request form is prefilled with.
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['feature-request'] });
      // The account holder is also the first row on /users; an old copy there would be saved back.
      void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
