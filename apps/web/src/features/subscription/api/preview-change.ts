import { SUBSCRIPTION_PATHS, type PreviewResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What changing (or renewing, with the current plan) would do, as plain-language messages. */
export function previewChange(plan: string): Promise<PreviewResponse> {
  return apiRequest<PreviewResponse>(SUBSCRIPTION_PATHS.change, { query: { plan } });
}

/**
 * Fetched on demand when a plan is picked, never cached: a mutation, so a failure is reported by the
 * flow with the server's message instead of the query cache's generic load toast.
 */
export function usePreviewChange() {
  return useMutation({ mutationFn: previewChange });
}
