import { CANCELLATION_PATHS, type AlternativeBody } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** The customer took the offered alternative instead of cancelling (the console counts it). */
export function recordAlternative(body: AlternativeBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(CANCELLATION_PATHS.alternative, { method: 'POST', body });
}

export function useRecordAlternative() {
  return useMutation({ mutationFn: recordAlternative });
}
