import { PROFILE_PATHS, type Profile, type ProfileSaved, type ProfileUpdate } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from '../../../lib/query-keys';
import { meQuery } from '../../../lib/session';
import { PROFILE_QUERY_KEY } from './get-profile';
import { MONTHLY_REPORT_QUERY_KEY } from './monthly-report';

/**
 * PUT /profile/ with the six fields (and the current password when the email changes); answers the
 * profile as saved (phone in E.164), with a message when a new email waits for its link.
 */
export function updateProfile(body: ProfileUpdate): Promise<ProfileSaved> {
  return apiRequest<ProfileSaved>(PROFILE_PATHS.profile, { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ message: _message, ...saved }) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, saved);
      // The name and email are also who the session is, and what the feature-request form is prefilled with.
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['feature-request'] });
      // The account holder is also the first row on /users; an old copy there would be saved back.
      void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      // The monthly report goes to the billing CC email: the setting names it.
      void queryClient.invalidateQueries({ queryKey: MONTHLY_REPORT_QUERY_KEY });
    },
  });
}
