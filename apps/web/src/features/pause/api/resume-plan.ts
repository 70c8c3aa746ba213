import { PAUSE_PATHS, type PauseMutationResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PAUSE_QUERY_KEY, storePause } from './get-pause';

/** Resume now (paid first), or withdraw a pause that has not started. */
export function resumePlan(): Promise<PauseMutationResponse> {
  return apiRequest<PauseMutationResponse>(PAUSE_PATHS.resume, { method: 'POST' });
}

export function useResumePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumePlan,
    onSuccess: (answer) => storePause(queryClient, answer),
    // A declined charge changed the pause (its reason): read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: PAUSE_QUERY_KEY }),
  });
}
