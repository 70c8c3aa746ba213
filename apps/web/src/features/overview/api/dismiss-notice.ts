import {
  MESSAGES,
  OVERVIEW_PATHS,
  SUB_ACCOUNT_NOTICE_KEY,
  orderNotifications,
  type OverviewResponse,
} from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { apiRequest } from '../../../lib/api-client';
import { OVERVIEW_QUERY_KEY } from './get-overview';

/** POST /notifications/:key/dismiss: a notification id, or 'sub_account' for the sub-account notice. */
export function dismissNotice(key: string): Promise<void> {
  return apiRequest<void>(OVERVIEW_PATHS.dismiss(key), { method: 'POST' });
}

function without(data: OverviewResponse, key: string): OverviewResponse {
  return key === SUB_ACCOUNT_NOTICE_KEY
    ? { ...data, sub_account_notification: null }
    : { ...data, common_notifications: data.common_notifications.filter((n) => n.id !== key) };
}

// Only the refused notice comes back: another dismissal made meanwhile stays hidden.
function restore(data: OverviewResponse, before: OverviewResponse, key: string): OverviewResponse {
  if (key === SUB_ACCOUNT_NOTICE_KEY)
    return { ...data, sub_account_notification: before.sub_account_notification };
  const notice = before.common_notifications.find((n) => n.id === key);
  if (!notice || data.common_notifications.some((n) => n.id === key)) return data;
  return { ...data, common_notifications: orderNotifications([...data.common_notifications, notice]) };
}

/**
 * Hides the notice at once; if the server refuses, the notice comes back where it was and the generic
 * error shows. The server remembers the dismissal, so there is nothing to refetch on success.
 */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotice,
    onMutate: async (key: string) => {
      await queryClient.cancelQueries({ queryKey: OVERVIEW_QUERY_KEY });
      const before = queryClient.getQueryData<OverviewResponse>(OVERVIEW_QUERY_KEY);
      if (before) queryClient.setQueryData(OVERVIEW_QUERY_KEY, without(before, key));
      return { before };
    },
    onError: (_error, key, context) => {
      const before = context?.before;
      if (before)
        queryClient.setQueryData<OverviewResponse>(OVERVIEW_QUERY_KEY, (data) =>
          data ? restore(data, before, key) : before,
        );
      toast.error(MESSAGES.genericError);
    },
  });
}
