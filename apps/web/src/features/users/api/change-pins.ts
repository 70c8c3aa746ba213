import { USERS_PATHS, type ChangePinsResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const changePins = (pinNumbers: string[]) =>
  apiRequest<ChangePinsResponse>(USERS_PATHS.changePin, { method: 'PUT', body: { pin_numbers: pinNumbers } });

export const useChangePins = () => useMutation({ mutationFn: changePins });
