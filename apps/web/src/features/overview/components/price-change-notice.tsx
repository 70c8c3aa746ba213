import { PLAN_TEXT } from '@enq/contract';
import { CalendarClock } from 'lucide-react';
import { usePlanForecast } from '../../../lib/plan-forecast';

/**
 * CAT-02: a price the catalogue scheduled for the customer's own plan, told on the overview before it
 * takes effect (the forecast's answer carries it; nothing while none is scheduled).
 */
export function PriceChangeNotice() {
  const change = usePlanForecast().data?.price_change ?? null;
  if (!change) return null;
  return (
    <p
      aria-label="Scheduled price change"
      className="flex gap-3 rounded-lg bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200"
    >
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <span>{PLAN_TEXT.priceChange(change.plan, change.per, change.now, change.next)}</span>
    </p>
  );
}
