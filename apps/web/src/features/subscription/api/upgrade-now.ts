import { PLAN_PATHS, type UpgradeResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PLAN_FORECAST_QUERY_KEY } from '../../../lib/plan-forecast';
import { CACHE_TAGS } from '../../../lib/query-keys';
import { storeSubscription } from './get-subscription';

/** Upgrades now, echoing the previewed total so a changed price is refused, not charged (PLAN-10). */
export function upgradeNow(input: { plan: string; total_cents: number }): Promise<UpgradeResponse> {
  return apiRequest<UpgradeResponse>(PLAN_PATHS.upgrade, { method: 'POST', body: input });
}

export function useUpgradeNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeNow,
    onSuccess: ({ invoice_id: _invoice, ...answer }) => {
      storeSubscription(queryClient, answer);
      void queryClient.invalidateQueries({ queryKey: PLAN_FORECAST_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.invoices] });
    },
  });
}
