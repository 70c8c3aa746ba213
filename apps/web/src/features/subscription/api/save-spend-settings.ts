import { SPEND_CONTROL_PATHS, type SpendControlResponse, type SpendSettingsBody } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PLAN_FORECAST_QUERY_KEY } from '../../../lib/plan-forecast';
import { storeSpendControl } from '../../../lib/spend-control-query';

/** PUT /spend-control/settings/: the thresholds and the cap, whole (SPEND-02, SPEND-09). */
export function saveSpendSettings(body: SpendSettingsBody): Promise<SpendControlResponse> {
  return apiRequest<SpendControlResponse>(SPEND_CONTROL_PATHS.settings, { method: 'PUT', body });
}

export function useSaveSpendSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSpendSettings,
    onSuccess: (answer) => {
      storeSpendControl(queryClient, answer);
      // The forecast carries the saved cap (the overview's card shows it): ask it again.
      void queryClient.invalidateQueries({ queryKey: PLAN_FORECAST_QUERY_KEY });
    },
  });
}
