import { CANCELLATION_PATHS, type CancellationReason, type OfferResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** What fits the reason, with its figures; asked when the reason is given, uncached like the previews. */
export function getCancellationOffer(reason: CancellationReason): Promise<OfferResponse> {
  return apiRequest<OfferResponse>(`${CANCELLATION_PATHS.offer}?reason=${encodeURIComponent(reason)}`);
}

export function useCancellationOffer() {
  return useMutation({ mutationFn: getCancellationOffer });
}
