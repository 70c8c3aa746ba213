import { SUBSCRIPTION_PATHS, type PreviewResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What "Keep this plan" would undo, as plain-language messages. */
export function previewKeep(): Promise<PreviewResponse> {
  return apiRequest<PreviewResponse>(SUBSCRIPTION_PATHS.keep);
}

/** On demand and uncached, like the change preview. */
export function usePreviewKeep() {
  return useMutation({ mutationFn: previewKeep });
}
