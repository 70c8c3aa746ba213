import {
  formatCredits,
  formatDate,
  formatMoney,
  formatPeriodParts,
  INVOICE_COLUMNS,
  INVOICE_TEXT,
  type InvoiceDto,
  invoiceStatusLabel,
  isPayable,
  MESSAGES,
} from '@enq/contract';
import { Download, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageTitle } from '../../components/ui/page-title';
import { Pagination } from '../../components/ui/pagination';
import { useDownloadInvoice } from './api/download-invoice';
import { useInvoices } from './api/get-invoices';
import { INVOICES_PAGE_SIZE } from './invoices-settings';
import { PayLinkPanel } from './pay-link-panel';
import { usePayNow } from './use-pay-now';

// The detail dialog (and its dialog library) loads when an invoice is first opened, not with the list.
const InvoiceDetailModal = lazy(async () => ({
  default: (await import('./invoice-detail-modal')).InvoiceDetailModal,
}));
const PayConfirmDialog = lazy(async () => ({
  default: (await import('./pay-confirm-dialog')).PayConfirmDialog,
}));

const STATUS_STYLE: Record<string, string> = {
  open: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  refunded: 'bg-slate-200 text-slate-800',
  void: 'bg-slate-100 text-slate-600',
};

/** A period as two unbreakable dates: a narrow column breaks after the dash, never inside a date. */
function PeriodText({ start, end }: { start: string; end: string }) {
  const [from, to] = formatPeriodParts(start, end);
  return (
    // One element: a phone's card (stack-table) sets each of a cell's elements on a line of its own.
    <span>
      <span className="whitespace-nowrap">{from}</span> <span className="whitespace-nowrap">{to}</span>
    </span>
  );
}

export function InvoicesPage() {
  const invoices = useInvoices();
  return (
    <div className="space-y-6">
      <PageTitle path="/invoices" />
      {invoices.isPending ? (
        <PageSkeleton path="/invoices" label="Loading invoices" />
      ) : invoices.isError ? (
        <LoadError onRetry={() => void invoices.refetch()} />
      ) : (
        <>
          <AmountDue invoices={invoices.data.invoices} amountDue={invoices.data.amount_due} />
          <InvoicesTable invoices={invoices.data.invoices} />
        </>
      )}
    </div>
  );
}

/** What is owed across the open invoices, so a customer sees at once whether anything needs paying. */
function AmountDue({ invoices, amountDue }: { invoices: InvoiceDto[]; amountDue: number }) {
  if (amountDue <= 0) return null;
  const open = invoices.filter(isPayable).length;
  return (
    <section
      aria-labelledby="amount-due"
      className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <h2 id="amount-due" className="text-sm font-semibold text-amber-950">
        Amount due
      </h2>
      <p className="text-sm text-amber-950">
        <span className="text-xl font-semibold tabular-nums">{formatMoney(amountDue)}</span> on {open} open{' '}
        {open === 1 ? 'invoice' : 'invoices'}
      </p>
    </section>
  );
}

function InvoicesTable({ invoices }: { invoices: InvoiceDto[] }) {
  const [page, setPage] = useState(0);
  const [viewingId, setViewing] = useState<string | null>(null);
  // The row as the list shows it now: paying elsewhere updates what the dialog offers.
  const viewing = invoices.find((i) => i.id === viewingId) ?? null;
  // Mounted from the first View on, so it can close (and reopen) as a dialog does.
  const [detailUsed, setDetailUsed] = useState(false);
  const { payNow, paying, payingId } = usePayNow(invoices);
  const download = useDownloadInvoice();
  // Pay now asks first; the dialog (and its card query) mounts from the first Pay now on.
  const [confirming, setConfirming] = useState<InvoiceDto | null>(null);
  const [confirmUsed, setConfirmUsed] = useState(false);

  const pages = Math.max(1, Math.ceil(invoices.length / INVOICES_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = invoices.slice(current * INVOICES_PAGE_SIZE, (current + 1) * INVOICES_PAGE_SIZE);

  function askToPay(invoice: InvoiceDto) {
    setConfirmUsed(true);
    setConfirming(invoice);
  }

  function downloadPdf(invoiceId: string, isRefund: boolean) {
    download.mutate({ invoiceId, isRefund }, { onError: () => toast.error(MESSAGES.genericError) });
  }

  if (invoices.length === 0)
    return <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">No invoices yet.</p>;

  return (
    <div className="space-y-4">
      <PayLinkPanel invoices={invoices} payNow={payNow} paying={paying} />
      <div className="overflow-x-auto rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <table className="stack-table min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Invoices</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {INVOICE_COLUMNS.map((column) => (
                // A heading may wrap ('Credits / used'): at 1280 px the eight columns need every pixel.
                <th key={column} scope="col" className="px-2 py-3 xl:px-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((invoice) => {
              return (
                <tr key={invoice.id} data-testid="invoice-row">
                  <td data-label={INVOICE_COLUMNS[0]} className="px-2 py-3 xl:px-3 whitespace-nowrap">
                    {formatDate(invoice.timestamp)}
                  </td>
                  <td data-label={INVOICE_COLUMNS[1]} className="px-2 py-3 xl:px-3">
                    <PeriodText start={invoice.period_start} end={invoice.period_end} />
                    <span className="block text-xs text-slate-500">{invoice.summary}</span>
                  </td>
                  <td
                    data-label={INVOICE_COLUMNS[2]}
                    // Below 1280 px the number may break after a hyphen, for all eight columns to fit.
                    className="px-2 py-3 xl:px-3 font-mono text-xs xl:whitespace-nowrap"
                  >
                    {invoice.number}
                  </td>
                  <td
                    data-label={INVOICE_COLUMNS[3]}
                    className="px-2 py-3 xl:px-3 text-right whitespace-nowrap"
                  >
                    {formatMoney(invoice.total)}
                  </td>
                  <td
                    data-label={INVOICE_COLUMNS[4]}
                    className="px-2 py-3 xl:px-3 text-right whitespace-nowrap"
                  >
                    {formatCredits(invoice.credits_used)}
                  </td>
                  <td data-label={INVOICE_COLUMNS[5]} className="px-2 py-3 xl:px-3 whitespace-nowrap">
                    <div className="flex flex-col items-start gap-1">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[invoice.status] ?? ''}`}
                      >
                        {invoiceStatusLabel(invoice.status)}
                      </span>
                      {invoice.payment_pending && isPayable(invoice) ? (
                        <span className="inline-flex items-center gap-1 text-xs font-semibold text-slate-700">
                          <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
                          {INVOICE_TEXT.confirmingPayment}
                        </span>
                      ) : isPayable(invoice) ? (
                        <Button
                          className="px-3 py-1"
                          disabled={paying}
                          aria-busy={payingId === invoice.id}
                          aria-label={`Pay now ${invoice.number}`}
                          onClick={() => askToPay(invoice)}
                        >
                          {INVOICE_TEXT.payNow}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                  <td data-label={INVOICE_COLUMNS[6]} className="px-2 py-3 xl:px-3 whitespace-nowrap">
                    <div className="flex flex-col items-start gap-1">
                      <button
                        type="button"
                        className="focus-ring inline-flex items-center gap-1 rounded font-semibold text-brand-700 hover:underline"
                        // The name starts with the text shown (WCAG 2.5.3, axe label-content-name-mismatch).
                        aria-label={`PDF of invoice ${invoice.number}`}
                        onClick={() => downloadPdf(invoice.id, false)}
                      >
                        <Download aria-hidden="true" className="size-4" />
                        PDF
                      </button>
                      {invoice.has_refund ? (
                        <button
                          type="button"
                          className="focus-ring inline-flex items-center gap-1 rounded font-semibold text-brand-700 hover:underline"
                          aria-label={`Refund PDF of invoice ${invoice.number}`}
                          onClick={() => downloadPdf(invoice.id, true)}
                        >
                          <Download aria-hidden="true" className="size-4" />
                          Refund
                        </button>
                      ) : null}
                    </div>
                  </td>
                  <td data-label={INVOICE_COLUMNS[7]} className="px-2 py-3 xl:px-3 whitespace-nowrap">
                    <button
                      type="button"
                      className="focus-ring rounded font-semibold text-brand-700 hover:underline"
                      aria-label={`View invoice ${invoice.number}`}
                      onClick={() => {
                        setDetailUsed(true);
                        setViewing(invoice.id);
                      }}
                    >
                      {INVOICE_TEXT.view}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <div className="space-y-2">
          <Pagination
            label="Invoice pages"
            page={current + 1}
            totalPages={pages}
            onPage={(n) => setPage(n - 1)}
          />
          <p className="text-center text-sm text-slate-600" aria-live="polite">
            Page {current + 1} of {pages}
          </p>
        </div>
      ) : null}
      {detailUsed ? (
        <Suspense fallback={null}>
          <InvoiceDetailModal
            invoiceId={viewing?.id ?? null}
            onClose={() => setViewing(null)}
            onDownload={(isRefund) => viewing && downloadPdf(viewing.id, isRefund)}
            onPay={
              viewing && isPayable(viewing) && !viewing.payment_pending && !paying
                ? () => {
                    setViewing(null);
                    askToPay(viewing);
                  }
                : undefined
            }
          />
        </Suspense>
      ) : null}
      {confirmUsed ? (
        <Suspense fallback={null}>
          <PayConfirmDialog
            invoice={confirming}
            busy={paying}
            onConfirm={(invoice) => payNow(invoice.id, () => setConfirming(null))}
            onCancel={() => setConfirming(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
