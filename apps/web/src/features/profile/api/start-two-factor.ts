import { TWO_FACTOR_PATHS, type TwoFactorEnrolment, type TwoFactorStart } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Turn on, step one: with the current password, a new key with its QR code, waiting for the first code. */
export const useStartTwoFactor = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiRequest<TwoFactorEnrolment>(TWO_FACTOR_PATHS.start, {
        method: 'POST',
        body: { password } satisfies TwoFactorStart,
      }),
  });
