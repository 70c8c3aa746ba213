import { AUTH_PATHS, type LogoutResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequestAbsolute } from '../../../lib/api-client';

/** POST /auth/logout-everywhere: every API token and provider session of the person ends. */
export const useSignOutEverywhere = () =>
  useMutation({
    mutationFn: () => apiRequestAbsolute<LogoutResponse>(AUTH_PATHS.logoutEverywhere, { method: 'POST' }),
  });
