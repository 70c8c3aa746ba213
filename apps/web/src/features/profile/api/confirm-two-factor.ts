import { TWO_FACTOR_PATHS, type TwoFactorRecoveryCodes } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TWO_FACTOR_QUERY_KEY } from './two-factor-status';

/** Turn on, step two: the first code; answers the recovery codes, shown once. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<TwoFactorRecoveryCodes>(TWO_FACTOR_PATHS.confirm, { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
