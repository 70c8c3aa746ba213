import { TWO_FACTOR_PATHS, type TwoFactorEnrolment } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Turn on, step one: a new key with its QR code, waiting for the first code. */
export const useStartTwoFactor = () =>
  useMutation({
    mutationFn: () => apiRequest<TwoFactorEnrolment>(TWO_FACTOR_PATHS.start, { method: 'POST' }),
  });
