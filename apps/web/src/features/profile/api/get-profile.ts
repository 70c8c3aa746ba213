import { MESSAGES, PROFILE_PATHS, profileSchema, type Profile } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** GET /profile/; an answer that is not a profile is a parsing failure, never a half-filled form. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const parsed = profileSchema.safeParse(await apiRequest<unknown>(PROFILE_PATHS.profile, { signal }));
  if (!parsed.success) throw new ApiError(0, 'PARSING_ERROR', MESSAGES.genericError);
  return parsed.data;
}

export const profileQuery = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQuery);
}
