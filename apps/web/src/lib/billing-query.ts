import { BILLING_PATHS, MESSAGES, billingDataSchema, type BillingData } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';
import { CACHE_TAGS } from './query-keys';

export const BILLING_QUERY_KEY = [CACHE_TAGS.billing] as const;

/** GET /billing/: an answer that is not billing data is a parsing failure, never a half-drawn page. */
export async function getBilling(signal?: AbortSignal): Promise<BillingData> {
  const parsed = billingDataSchema.safeParse(await apiRequest<unknown>(BILLING_PATHS.root, { signal }));
  if (!parsed.success) throw new ApiError(0, 'PARSING_ERROR', MESSAGES.genericError);
  return parsed.data;
}

/**
 * The one query of GET /billing/. The Billing page shows it and the Invoices page's Pay now names the
 * card on file from it, so both share one cached copy under one key with one fetcher.
 */
export const billingQuery = queryOptions({
  queryKey: BILLING_QUERY_KEY,
  queryFn: ({ signal }) => getBilling(signal),
});
