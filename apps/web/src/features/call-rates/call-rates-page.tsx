import { marketingLink, RATE_CHART_Y_MIN, TERMS_PAYMENT_ANCHOR, type RatesResponse } from '@enq/contract';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageHeader } from '../../components/ui/page-header';
import { useServices } from '../../lib/services';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useRates } from './api/get-rates';
import { RATE_CHART_COLORS, RATE_CHART_HEIGHT } from './rate-chart-settings';
import { RateTable } from './rate-table';

export const RATES_TEXT = {
  dynamicPricing:
    'Call rates follow demand: each line is priced in credits per minute for every half hour of the day, ' +
    'New York time. Rates rise towards the hours when the agency queues are longest and fall back outside ' +
    'business hours.',
  credits:
    'A call uses its billed duration in seconds times the rate of the half hour it started in, divided by 60, ' +
    "to the nearest hundredth of a credit. Credits come from your plan's credits first, then rolled-over " +
    'credits.',
  billing:
    'Credits used beyond your plan are billed as overage at $0.01 per credit on your monthly invoice; large ' +
    'overage is invoiced during the month when it passes a threshold.',
  terms: 'Subscription and payment terms',
} as const;

export function CallRatesPage() {
  const rates = useRates();
  const { config } = useServices();
  return (
    <div className="space-y-6">
      <PageHeader path="/call-rates" />
      {rates.isPending ? (
        <PageSkeleton path="/call-rates" label="Loading call rates" />
      ) : rates.isError ? (
        <LoadError onRetry={() => void rates.refetch()} />
      ) : (
        <RatesChartAndTable rates={rates.data} />
      )}
      <section aria-label="How call rates work" className="space-y-3 text-sm leading-6 text-slate-700">
        <h2 className="text-lg font-semibold text-slate-900">Dynamic pricing</h2>
        <p>{RATES_TEXT.dynamicPricing}</p>
        <h2 className="text-lg font-semibold text-slate-900">Credits</h2>
        <p>{RATES_TEXT.credits}</p>
        <h2 className="text-lg font-semibold text-slate-900">Billing</h2>
        <p>
          {RATES_TEXT.billing} See the{' '}
          <a
            className="focus-ring rounded font-medium text-brand-700 underline"
            href={marketingLink(config.marketing_url, TERMS_PAYMENT_ANCHOR)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {RATES_TEXT.terms}
          </a>
          .
        </p>
      </section>
    </div>
  );
}

/** RATE-02 RATE-03: a legend click isolates that line; clicking it again shows them all. */
export function nextIsolated(current: string | null, clicked: string): string | null {
  return current === clicked ? null : clicked;
}

/** 48 half-hour points: on a phone every 12th is labelled. */
const PHONE_TICK_INTERVAL = 11;

/** The chart and the table of one line's rates: the line isolated in the chart is the table's. */
function RatesChartAndTable({ rates }: { rates: RatesResponse }) {
  const [isolated, setIsolated] = useState<string | null>(null);
  return (
    <>
      <RatesChart rates={rates} isolated={isolated} onIsolate={setIsolated} />
      <RateTable rates={rates} shown={isolated} />
    </>
  );
}

function RatesChart({
  rates,
  isolated,
  onIsolate,
}: {
  rates: RatesResponse;
  isolated: string | null;
  onIsolate: (update: (current: string | null) => string | null) => void;
}) {
  // A phone has room for a tick every 6 hours (4 labels across the day), and a smaller legend.
  const narrow = useMediaQuery(PHONE_QUERY);
  return (
    <figure
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-label="Call rates chart"
      data-isolated={isolated ?? ''}
    >
      <div style={{ height: RATE_CHART_HEIGHT }} data-testid="rates-chart">
        <ResponsiveContainer width="100%" height={RATE_CHART_HEIGHT}>
          <LineChart data={rates.data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="time" interval={narrow ? PHONE_TICK_INTERVAL : 3} tick={{ fontSize: 12 }} />
            <YAxis
              domain={[RATE_CHART_Y_MIN, rates.y_max]}
              allowDataOverflow
              tick={{ fontSize: 12 }}
              label={{ value: 'Credits per minute', angle: -90, position: 'insideLeft', offset: 12 }}
            />
            <Tooltip />
            <Legend
              wrapperStyle={{ cursor: 'pointer', paddingTop: 12, fontSize: narrow ? 11 : 14 }}
              onClick={(entry) => onIsolate((current) => nextIsolated(current, String(entry.dataKey)))}
            />
            {rates.destinations.map((destination, index) => (
              <Line
                key={destination}
                type="stepAfter"
                dataKey={destination}
                name={destination}
                stroke={RATE_CHART_COLORS[index % RATE_CHART_COLORS.length]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
                hide={isolated !== null && isolated !== destination}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-xs text-slate-500">
        {isolated
          ? `Showing ${isolated} only. Click it in the legend again to show every line.`
          : 'Click a line in the legend to show it alone.'}
      </figcaption>
    </figure>
  );
}
