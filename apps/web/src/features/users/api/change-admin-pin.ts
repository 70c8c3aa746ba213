import { USERS_PATHS, type ChangeAdminPinResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const changeAdminPin = (pinNumber: string) =>
  apiRequest<ChangeAdminPinResponse>(USERS_PATHS.changeAdminPin, {
    method: 'PUT',
    body: { pin_number: pinNumber },
  });

export const useChangeAdminPin = () => useMutation({ mutationFn: changeAdminPin });
