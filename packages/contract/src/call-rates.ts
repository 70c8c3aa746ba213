import { z } from 'zod';

/** Call rates (spec sections 2, 3, 9): one chart point per time-of-day slot in America/New_York. */
export const RATES_PATH = '/rates/';

/** Spec section 9: the chart's y-axis starts at 20, it has 27 series colours and is 700 px high. */
export const RATE_CHART_Y_MIN = 20;
export const RATE_CHART_HEIGHT = 700;
export const RATE_CHART_COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
  '#8c6d31',
  '#843c39',
  '#7b4173',
  '#3182bd',
  '#e6550d',
  '#31a354',
  '#756bb1',
  '#636363',
  '#6baed6',
  '#fd8d3c',
  '#74c476',
  '#9e9ac8',
  '#969696',
  '#ad494a',
  '#a55194',
] as const;

/** A chart point: `time` is the slot's local start ('9:30 AM'), every other key a destination's rate. */
export const ratePointSchema = z.record(z.string(), z.union([z.string(), z.number()])).meta({
  id: 'RatePoint',
  description: "'time' (slot label), 'slot_start_minute', and destination name -> credits per minute",
});
export type RatePoint = Record<string, string | number> & { time: string; slot_start_minute: number };

export const ratesResponseSchema = z
  .object({
    data: z.array(ratePointSchema),
    destinations: z.array(z.string()),
    y_max: z.number().meta({ description: 'a round upper bound for the y-axis, credits per minute' }),
  })
  .meta({ id: 'CallRates' });
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

/** '9:30 AM' for minute 570 of the local day. */
export function slotLabel(slotStartMinute: number): string {
  const hour = Math.floor(slotStartMinute / 60);
  const minute = slotStartMinute % 60;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The y-axis top: the highest rate rounded up to the next multiple of 5 credits, at least 25. */
export function rateYMax(maxRate: number): number {
  return Math.max(RATE_CHART_Y_MIN + 5, Math.ceil(maxRate / 5) * 5);
}
