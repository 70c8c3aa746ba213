import { SUBSCRIPTION_PATHS, type PreviewResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What cancelling would do, as plain-language messages. */
export function previewCancel(): Promise<PreviewResponse> {
  return apiRequest<PreviewResponse>(SUBSCRIPTION_PATHS.cancel);
}

/** On demand and uncached, like the change preview. */
export function usePreviewCancel() {
  return useMutation({ mutationFn: previewCancel });
}
