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
  // The box shows the choice itself (monthly-report-setting.tsx); the answer is stored once it comes.
  return useMutation({
    mutationFn: setMonthlyReport,
    onSuccess: ({ message: _message, ...state }) =>
      queryClient.setQueryData<MonthlyReportState>(MONTHLY_REPORT_QUERY_KEY, state),
  });
}
