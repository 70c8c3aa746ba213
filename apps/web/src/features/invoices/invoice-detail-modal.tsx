import { invoiceStatusLabel } from '@enq/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { useInvoiceDetail } from './api/get-invoice-detail';
import { formatCredits, formatDate, formatMoney, formatPeriod } from './format';

/** INV-03: the invoice's lines (subscription, overage credits), amounts, payments and refunds. */
export function InvoiceDetailModal({
  invoiceId,
  onClose,
}: {
  invoiceId: string | null;
  onClose: () => void;
}) {
  const detail = useInvoiceDetail(invoiceId);
  return (
    <Dialog.Root open={invoiceId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Invoice {detail.data?.number ?? ''}
            </Dialog.Title>
            <Dialog.Close
              className="focus-ring rounded p-1 text-slate-500 hover:bg-slate-100"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {detail.isPending ? (
            <Loader label="Loading invoice" />
          ) : detail.isError ? (
            <LoadError onRetry={() => void detail.refetch()} />
          ) : (
            <div className="mt-4 space-y-5 text-sm text-slate-700">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-medium">Invoice ID</dt>
                <dd className="break-all">{detail.data.id}</dd>
                <dt className="font-medium">Invoice date</dt>
                <dd>{formatDate(detail.data.timestamp)}</dd>
                <dt className="font-medium">Period</dt>
                <dd>{formatPeriod(detail.data.period_start, detail.data.period_end)}</dd>
                <dt className="font-medium">Status</dt>
                <dd>{invoiceStatusLabel(detail.data.status)}</dd>
                <dt className="font-medium">Credits used</dt>
                <dd>{formatCredits(detail.data.credits_used)}</dd>
              </dl>
              <table className="w-full text-left">
                <caption className="sr-only">Invoice lines</caption>
                <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="py-2">
                      Description
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Quantity
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {detail.data.lines.map((line, index) => (
                    <tr key={index} className="border-b border-slate-100">
                      <td className="py-2">{line.description}</td>
                      <td className="py-2 text-right">
                        {line.kind === 'overage' ? `${formatCredits(line.quantity)} credits` : line.quantity}
                      </td>
                      <td className="py-2 text-right">{formatMoney(line.amount)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2} className="py-2 text-right">
                      Total
                    </th>
                    <td className="py-2 text-right font-semibold">{formatMoney(detail.data.total)}</td>
                  </tr>
                </tfoot>
              </table>
              <div>
                <h3 className="font-semibold text-slate-900">Payments</h3>
                {detail.data.payments.length === 0 ? (
                  <p>No payments yet.</p>
                ) : (
                  <ul className="mt-1 space-y-1">
                    {detail.data.payments.map((payment) => (
                      <li key={payment.id}>
                        {formatDate(payment.timestamp)}: {formatMoney(payment.amount)} {payment.status}
                        {payment.card ? ` (${payment.card})` : ''}
                        {payment.failure_message ? `: ${payment.failure_message}` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              {detail.data.refunds.length > 0 ? (
                <div>
                  <h3 className="font-semibold text-slate-900">Refunds</h3>
                  <ul className="mt-1 space-y-1">
                    {detail.data.refunds.map((refund) => (
                      <li key={refund.id}>
                        {formatDate(refund.timestamp)}: {formatMoney(refund.amount)} refunded
                        {refund.reason ? ` (${refund.reason})` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          )}
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
