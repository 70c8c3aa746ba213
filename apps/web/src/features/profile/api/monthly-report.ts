import { MONTHLY_REPORT_PATH, type MonthlyReportState } from '@enq/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const MONTHLY_REPORT_QUERY_KEY = ['profile', 'monthly-report'] as const;

/** Whether the monthly usage report is emailed, to whom, and whether this person may change it. */
export const useMonthlyReport = () =>
  useQuery({
    queryKey: MONTHLY_REPORT_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<MonthlyReportState>(MONTHLY_REPORT_PATH, { signal }),
  });

export function setMonthlyReport(enabled: boolean): Promise<MonthlyReportState> {
  return apiRequest<MonthlyReportState>(MONTHLY_REPORT_PATH, { method: 'PUT', body: { enabled } });
}

export function useSetMonthlyReport() {
  const queryClient = useQueryClient();
  // Optimistic: the box shows the choice at once, and goes back if the server refuses it.
  return useMutation({
    mutationFn: setMonthlyReport,
    onMutate: (enabled: boolean) => {
      const before = queryClient.getQueryData<MonthlyReportState>(MONTHLY_REPORT_QUERY_KEY);
      if (before)
        queryClient.setQueryData<MonthlyReportState>(MONTHLY_REPORT_QUERY_KEY, { ...before, enabled });
      return { before };
    },
    onError: (_error, _enabled, context) => {
      if (context?.before) queryClient.setQueryData(MONTHLY_REPORT_QUERY_KEY, context.before);
    },
    onSuccess: ({ message: _message, ...state }) =>
      queryClient.setQueryData<MonthlyReportState>(MONTHLY_REPORT_QUERY_KEY, state),
  });
}
