import { TWO_FACTOR_PATHS, type TwoFactorOff, type TwoFactorStatus } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TWO_FACTOR_QUERY_KEY } from './two-factor-status';

/** Turn two-factor sign-in off, with the current password and a current code or a recovery code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorOff) =>
      apiRequest<TwoFactorStatus>(TWO_FACTOR_PATHS.disable, { method: 'POST', body }),
    onSuccess: ({ message: _message, ...status }) =>
      queryClient.setQueryData<TwoFactorStatus>(TWO_FACTOR_QUERY_KEY, status),
  });
}
