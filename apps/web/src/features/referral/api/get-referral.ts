import { MESSAGES, REFERRAL_PATHS, referralDataSchema, type ReferralData } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** An answer that is not referral data is a parsing failure, never a half-drawn page. */
export async function getReferral(signal?: AbortSignal): Promise<ReferralData> {
  const parsed = referralDataSchema.safeParse(await apiRequest<unknown>(REFERRAL_PATHS.referral, { signal }));
  if (!parsed.success) throw new ApiError(0, 'PARSING_ERROR', MESSAGES.genericError);
  return parsed.data;
}

export const referralQuery = queryOptions({
  queryKey: ['referral'] as const,
  queryFn: ({ signal }) => getReferral(signal),
});

export function useReferral() {
  return useQuery(referralQuery);
}
