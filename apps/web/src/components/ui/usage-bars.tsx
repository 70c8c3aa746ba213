import { USAGE_OTHERS, formatCreditsFixed, type UsageResponse } from '@enq/contract';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { USAGE_COLORS, USAGE_OTHERS_COLOR, USAGE_PREVIOUS_COLOR, shortDay } from './usage-chart-settings';

/** Axis labels short enough for a phone: 1,500 -> '1.5K'. */
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const axisCredits = (value: number) => compact.format(value);

export interface UsageBarsProps {
  usage: UsageResponse;
  height: number;
  /** One bar per day (the day's total) instead of the stacks: the overview's card. */
  totalsOnly?: boolean;
  currentLabel: string;
  previousLabel: string;
}

/**
 * The chart itself, recharts, loaded on its own (usage-chart.tsx imports it lazily): the days' credits
 * as bars, stacked by user or line, with the previous range's same days as a dashed line.
 */
export default function UsageBars({
  usage,
  height,
  totalsOnly,
  currentLabel,
  previousLabel,
}: UsageBarsProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const data = usage.days.map((day) => ({
    label: shortDay(day.date),
    total: day.credits,
    previous: day.previous_credits,
    ...Object.fromEntries(day.stacks.map((credits, i) => [`s${i}`, credits])),
  }));
  const bars = totalsOnly
    ? [{ key: 'total', name: currentLabel, color: USAGE_COLORS[0] }]
    : usage.series.map((name, i) => ({
        key: `s${i}`,
        name,
        color: name === USAGE_OTHERS ? USAGE_OTHERS_COLOR : USAGE_COLORS[i % USAGE_COLORS.length]!,
      }));
  const credits = (value: unknown) => formatCreditsFixed(Number(value));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={data}
        // Hidden from assistive technology (usage-chart.tsx gives the text alternative), so nothing in it takes focus.
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={phone ? 16 : 8} />
        <YAxis tick={{ fontSize: 12 }} width={44} allowDecimals={false} tickFormatter={axisCredits} />
        <Tooltip formatter={credits} cursor={{ fill: '#f1f5f9' }} />
        <Legend wrapperStyle={{ fontSize: phone ? 12 : 13, paddingTop: 8 }} iconSize={10} />
        {bars.map((bar) => (
          <Bar
            key={bar.key}
            dataKey={bar.key}
            name={bar.name}
            stackId="day"
            fill={bar.color}
            isAnimationActive={false}
            maxBarSize={40}
          />
        ))}
        <Line
          dataKey="previous"
          name={previousLabel}
          type="linear"
          stroke={USAGE_PREVIOUS_COLOR}
          strokeDasharray="4 4"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
