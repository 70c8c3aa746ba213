import { RATES_PATH, type RatesResponse } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getRates(signal?: AbortSignal): Promise<RatesResponse> {
  return apiRequest<RatesResponse>(RATES_PATH, { signal });
}

export function useRates() {
  return useQuery({ queryKey: ['rates'], queryFn: ({ signal }) => getRates(signal) });
}
