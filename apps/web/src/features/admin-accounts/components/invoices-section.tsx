import { DISPUTE_STATUS_LABEL, formatDate, formatMoney, type AdminInvoice } from '@enq/contract';
import { Button } from '../../../components/ui/button';
import { Section } from './section';

const STATUS: Record<string, string> = { open: 'Open', paid: 'Paid', void: 'Void', refunded: 'Refunded' };

const paid = (invoice: AdminInvoice) => invoice.payments.some((p) => p.status === 'succeeded');

/** Invoices newest first, each with its payments and credit notes (CONS-02) and Resend (CONS-05). */
export function InvoicesSection({
  invoices,
  onResend,
}: {
  invoices: AdminInvoice[];
  onResend: ((invoice: AdminInvoice) => void) | null;
}) {
  return (
    <Section title="Invoices and payments">
      {invoices.length === 0 ? (
        <p className="text-sm text-slate-600">No invoices yet.</p>
      ) : (
        <ul aria-label="Invoices" className="divide-y divide-slate-100">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {invoice.number}
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {STATUS[invoice.status] ?? invoice.status}
                    </span>
                    {invoice.dispute ? (
                      <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
                        {DISPUTE_STATUS_LABEL(invoice.dispute.status)}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatDate(invoice.issued_at)} · {invoice.summary}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatMoney(invoice.total)}
                  </span>
                  {onResend && paid(invoice) ? (
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      onClick={() => onResend(invoice)}
                      aria-label={`Resend the receipt for ${invoice.number}`}
                    >
                      Resend
                    </Button>
                  ) : null}
                </div>
              </div>
              {invoice.payments.length + invoice.refunds.length > 0 || invoice.dispute ? (
                <ul className="mt-2 space-y-1 text-sm text-slate-600">
                  {invoice.payments.map((p) => (
                    <li key={p.id}>
                      {`Payment ${formatMoney(p.amount)} · ${p.status}`}
                      {/* A card's brand and last four stay on one line. */}
                      {p.card ? <span className="whitespace-nowrap">{` · ${p.card}`}</span> : null}
                      {` · ${formatDate(p.at)}`}
                      {p.failure_message ? (
                        <span className="text-red-700">{` · ${p.failure_message}`}</span>
                      ) : null}
                    </li>
                  ))}
                  {invoice.refunds.map((r) => (
                    <li key={r.id}>
                      {`Credit note ${r.number} · ${formatMoney(r.amount)} · ${formatDate(r.at)}${r.reason ? ` · ${r.reason}` : ''}`}
                    </li>
                  ))}
                  {invoice.dispute ? (
                    // The cardholder's bank disputed the charge (the provider's charge.dispute.* events).
                    <li className="text-red-800">
                      {`${DISPUTE_STATUS_LABEL(invoice.dispute.status)} · ${formatMoney(invoice.dispute.amount)} · ${invoice.dispute.reason.replaceAll('_', ' ')} · ${formatDate(invoice.dispute.at)}`}
                    </li>
                  ) : null}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
