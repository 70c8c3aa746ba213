import { USERS_PATHS, type SendPinEmailResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const sendPinEmail = (emails: string[]) =>
  apiRequest<SendPinEmailResponse>(USERS_PATHS.sendPinEmail, { method: 'POST', body: { emails } });

export const useSendPinEmail = () => useMutation({ mutationFn: sendPinEmail });
