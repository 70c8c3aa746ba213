import { PROFILE_PATHS, type ChangePasswordResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /profile/change-password/: the server emails a reset link and says so. */
export function changePassword(): Promise<ChangePasswordResponse | undefined> {
  return apiRequest<ChangePasswordResponse | undefined>(PROFILE_PATHS.changePassword, { method: 'POST' });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
