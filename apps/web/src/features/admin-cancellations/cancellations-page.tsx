import { CANCELLATION_REASONS, type CancellationReport } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { cancellationReportQuery } from './api/get-cancellation-report';

const monthText = (month: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * Why customers cancel (issue 64): each month's reasons by plan, how many cancelled and how many took
 * the alternative the cancel flow offered (the cheaper plan, a pause, a feature request) instead.
 */
export function CancellationsPage() {
  const report = useQuery(cancellationReportQuery);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Cancellations</h1>
        <p className="mt-1 text-sm text-slate-600">
          Why customers cancelled in the last twelve months, by month and plan, and how many took the
          alternative offered instead.
        </p>
      </div>
      {report.isPending ? <Loader /> : null}
      {report.isError ? <LoadError onRetry={() => void report.refetch()} /> : null}
      {report.data ? <ReportTable rows={report.data.rows} /> : null}
    </div>
  );
}

function ReportTable({ rows }: { rows: CancellationReport['rows'] }) {
  if (rows.length === 0)
    return <p className="text-sm text-slate-600">No cancellations in the last twelve months.</p>;
  const cancelled = rows.reduce((t, r) => t + r.cancelled, 0);
  const accepted = rows.reduce((t, r) => t + r.accepted, 0);
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Cancellation reasons by month and plan</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-4">
              Month<span className="sm:hidden"> and plan</span>
            </th>
            <th scope="col" className="hidden px-2 py-3 sm:table-cell sm:px-4">
              Plan
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4">
              Reason
            </th>
            <th scope="col" className="px-2 py-3 text-right sm:px-4">
              Cancelled
            </th>
            <th scope="col" className="px-2 py-3 text-right sm:px-4">
              Took the offer
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={`${r.month} ${r.plan} ${r.reason}`}>
              <td className="px-2 py-3 sm:px-4">
                {monthText(r.month)}
                {/* On a phone the plan sits under the month, so the counts stay in sight. */}
                <div className="text-xs text-slate-500 sm:hidden">{r.plan}</div>
              </td>
              <td className="hidden px-2 py-3 sm:table-cell sm:px-4">{r.plan}</td>
              <td className="px-2 py-3 sm:px-4">{CANCELLATION_REASONS[r.reason]}</td>
              <td className="px-2 py-3 text-right tabular-nums sm:px-4">{r.cancelled}</td>
              <td className="px-2 py-3 text-right tabular-nums sm:px-4">{r.accepted}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 font-semibold text-slate-900">
          <tr>
            <th scope="row" className="px-2 py-3 text-left sm:px-4">
              Total
            </th>
            <td className="hidden sm:table-cell" />
            <td />
            <td className="px-2 py-3 text-right tabular-nums sm:px-4">{cancelled}</td>
            <td className="px-2 py-3 text-right tabular-nums sm:px-4">{accepted}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
