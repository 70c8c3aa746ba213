import { TWO_FACTOR_PATHS, type TwoFactorNewCodes, type TwoFactorRecoveryCodes } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TWO_FACTOR_QUERY_KEY } from './two-factor-status';

/** Ten new recovery codes in place of the old ones, with the current password and a current code. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorNewCodes) =>
      apiRequest<TwoFactorRecoveryCodes>(TWO_FACTOR_PATHS.recoveryCodes, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
