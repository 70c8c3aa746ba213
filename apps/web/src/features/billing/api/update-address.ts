import { BILLING_PATHS, type AddressUpdate, type AddressUpdateResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BILLING_QUERY_KEY, mergeBilling } from './get-billing';
import { CACHE_TAGS } from '../../../lib/query-keys';

/** PUT /billing/address (API-06). */
export function updateAddress(body: AddressUpdate): Promise<AddressUpdateResponse> {
  return apiRequest<AddressUpdateResponse>(BILLING_PATHS.address, { method: 'PUT', body });
}

/** Merges the saved addresses, then refreshes billing and overview (API-07, API-08). */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: ({ service_address, billing_address }) => {
      mergeBilling(queryClient, { service_address, billing_address });
      void queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.overview] });
    },
  });
}
