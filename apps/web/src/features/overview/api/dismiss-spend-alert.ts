import { MESSAGES, SPEND_CONTROL_PATHS, type SpendControlResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { apiRequest } from '../../../lib/api-client';
import { SPEND_CONTROL_QUERY_KEY } from '../../../lib/spend-control-query';

/** POST /spend-control/alerts/:key/dismiss/: hides one fired alert's banner for this person (SPEND-06). */
export function dismissSpendAlert(key: string): Promise<void> {
  return apiRequest<void>(SPEND_CONTROL_PATHS.dismiss(key), { method: 'POST' });
}

/** Hides the banner at once; a refused dismissal puts it back and says so. */
export function useDismissSpendAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSpendAlert,
    onMutate: async (key: string) => {
      await queryClient.cancelQueries({ queryKey: SPEND_CONTROL_QUERY_KEY });
      const before = queryClient.getQueryData<SpendControlResponse>(SPEND_CONTROL_QUERY_KEY);
      if (before)
        queryClient.setQueryData<SpendControlResponse>(SPEND_CONTROL_QUERY_KEY, {
          ...before,
          banners: before.banners.filter((b) => b.key !== key),
        });
      return { before };
    },
    onError: (_error, _key, context) => {
      if (context?.before) queryClient.setQueryData(SPEND_CONTROL_QUERY_KEY, context.before);
      toast.error(MESSAGES.genericError);
    },
  });
}
