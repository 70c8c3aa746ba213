import { TWO_FACTOR_PATHS, type TwoFactorStatus } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const TWO_FACTOR_QUERY_KEY = ['profile', 'two-factor'] as const;

/** Whether two-factor sign-in is on, since when, and how many recovery codes are left (TOTP-07). */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: TWO_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<TwoFactorStatus>(TWO_FACTOR_PATHS.status, { signal }),
  });
