import { formatCreditsFixed, formatMoney, formatNumber, type CallTotals } from '@enq/contract';

/** The selected range's totals, above its pages: what the range cost, not only what one page shows. */
export function CallTotalsRow({ totals }: { totals: CallTotals }) {
  const items = [
    { label: 'Calls', value: formatNumber(totals.calls) },
    { label: 'Billed minutes', value: formatNumber(totals.billed_seconds / 60, 1) },
    { label: 'Credits used', value: formatCreditsFixed(totals.credits_used) },
    { label: 'Overage', value: formatMoney(totals.overage_dollars) },
  ];
  return (
    <section
      aria-label="Totals for this range"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="text-right sm:text-left">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{item.label}</dt>
            <dd
              className="mt-1 text-lg font-semibold text-slate-900 tabular-nums"
              data-testid={`total-${item.label}`}
            >
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
