import { MONTHLY_REPORT_TEXT } from '@enq/contract';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { useMonthlyReport, useSetMonthlyReport } from './api/monthly-report';

/**
 * "Email a monthly usage report" (REPORT-01): on the profile, below the billing CC email the report is
 * sent to. It saves when ticked; only the admin may change it, others see it as it is.
 */
export function MonthlyReportSetting() {
  const report = useMonthlyReport();
  const save = useSetMonthlyReport();
  // The choice shows in the same render as the click, and gives way to the server's answer once the
  // save settles (back to what it was when refused).
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!report.data) return null;
  const { enabled, to, can_change } = report.data;
  return (
    <div className="flex items-start gap-3">
      <input
        id="monthly-report"
        type="checkbox"
        className="focus-ring mt-1 size-4 rounded border-slate-300 text-brand-600"
        checked={choice ?? enabled}
        disabled={!can_change || save.isPending}
        aria-describedby="monthly-report-hint"
        onChange={(event) => {
          setChoice(event.target.checked);
          save.mutate(event.target.checked, {
            onSuccess: (answer) => toast.success(answer.message ?? MONTHLY_REPORT_TEXT.saved),
            onError: (error) => toast.error(error.message),
            onSettled: () => setChoice(null),
          });
        }}
      />
      <div>
        <label htmlFor="monthly-report" className="text-sm font-medium text-slate-900">
          {MONTHLY_REPORT_TEXT.label}
        </label>
        <p id="monthly-report-hint" className="text-sm text-slate-600">
          {MONTHLY_REPORT_TEXT.hint(to)}
          {can_change ? null : ` ${MONTHLY_REPORT_TEXT.adminOnly}`}
        </p>
      </div>
    </div>
  );
}
