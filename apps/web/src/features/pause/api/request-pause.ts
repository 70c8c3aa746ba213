import { PAUSE_PATHS, type PauseMutationResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storePause } from './get-pause';

/** Pauses the plan at the current period's end until `resumeOn` (a New York date, YYYY-MM-DD). */
export function requestPause(resumeOn: string): Promise<PauseMutationResponse> {
  return apiRequest<PauseMutationResponse>(PAUSE_PATHS.root, {
    method: 'POST',
    body: { resume_on: resumeOn },
  });
}

export function useRequestPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPause,
    onSuccess: (answer) => storePause(queryClient, answer),
  });
}
