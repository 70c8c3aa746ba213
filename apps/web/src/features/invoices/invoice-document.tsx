import {
  addressLines,
  cardLabel,
  formatDate,
  formatMoney,
  formatPeriod,
  INVOICE_DOCUMENT_TEXT as WORDS,
  type InvoiceDetail,
  invoiceStatusLabel,
  paymentStatusLabel,
  taxLabel,
} from '@enq/contract';
import { creditsText } from '../../components/ui/credits-breakdown';

function Party({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <p className="mt-1 whitespace-pre-line">{lines.filter(Boolean).join('\n')}</p>
    </div>
  );
}

/** The detail of one invoice exactly as it was issued (its own seller, buyer, lines and totals). */
export function InvoiceDocument({ invoice }: { invoice: InvoiceDetail }) {
  const { seller, buyer, tax } = invoice;
  const totals: [string, string][] = [
    ['Subtotal', formatMoney(invoice.subtotal)],
    [taxLabel(tax), formatMoney(tax.amount)],
    ['Total', formatMoney(invoice.total)],
    ['Amount paid', formatMoney(invoice.amount_paid)],
    ...(invoice.amount_refunded > 0
      ? [['Refunded', formatMoney(invoice.amount_refunded)] as [string, string]]
      : []),
    ['Amount due', formatMoney(invoice.amount_due)],
  ];
  return (
    <div className="mt-4 space-y-5 text-sm text-slate-700">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{WORDS.invoiceNumber}</dt>
        <dd className="font-mono text-xs leading-5">{invoice.number}</dd>
        <dt className="font-medium">{WORDS.invoiceDate}</dt>
        <dd>{formatDate(invoice.timestamp)}</dd>
        <dt className="font-medium">{WORDS.period}</dt>
        <dd>
          {formatPeriod(invoice.period_start, invoice.period_end)} · {invoice.summary}
        </dd>
        <dt className="font-medium">{WORDS.status}</dt>
        <dd>{invoiceStatusLabel(invoice.status)}</dd>
        <dt className="font-medium">Credits used</dt>
        <dd className="tabular-nums">{creditsText(invoice.credits_used)}</dd>
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <Party title={WORDS.from} lines={[seller.name, ...seller.address, seller.email, seller.tax_id]} />
        <Party
          title={WORDS.billTo}
          lines={[buyer.name, buyer.email, ...addressLines(buyer.billing_address ?? buyer.service_address)]}
        />
      </div>
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
          {invoice.lines.map((line, index) => (
            <tr key={index} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-2">
                {line.description}
                <span className="block text-xs text-slate-500">
                  {formatPeriod(line.period_start, line.period_end)}
                </span>
              </td>
              <td className="py-2 pl-4 text-right whitespace-nowrap tabular-nums">
                {line.kind === 'subscription' ? line.quantity : creditsText(line.quantity)}
              </td>
              <td className="py-2 pl-4 text-right tabular-nums">{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" colSpan={2} className="py-1 text-right font-medium">
                {label}
              </th>
              <td className="py-1 pl-4 text-right font-semibold tabular-nums">{value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <div>
        <h3 className="font-semibold text-slate-900">Payments</h3>
        {invoice.payments.length === 0 ? (
          <p>No payments yet.</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {invoice.payments.map((payment) => (
              <li key={payment.id}>
                {formatDate(payment.timestamp)}: {formatMoney(payment.amount)}{' '}
                {paymentStatusLabel(payment.status).toLowerCase()}
                {payment.card ? ` (${cardLabel(payment.card)})` : ''}
                {payment.failure_message ? `: ${payment.failure_message}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      {invoice.refunds.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">Credit notes</h3>
          <ul className="mt-1 space-y-1">
            {invoice.refunds.map((refund) => (
              <li key={refund.id}>
                {refund.number}, {formatDate(refund.timestamp)}: {formatMoney(refund.amount)} refunded
                {refund.reason ? ` (${refund.reason})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
