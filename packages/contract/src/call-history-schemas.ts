import { z } from 'zod';
import { CALL_TEXT } from './call-history';

// Call History's API schemas, apart from its texts, presets and date rules in call-history.ts, which the
// page's first load reads without building these.

const unixSeconds = z.coerce.number().int().min(0).max(253_402_300_799); // up to 9999-12-31

const filters = {
  user: z.string().trim().min(1).max(200).optional().meta({ description: 'only calls by this user (name)' }),
  destination: z.string().trim().min(1).max(200).optional().meta({ description: 'only calls to this line' }),
};

/** A range and its filters, as the page, the totals, the CSV and the usage charts read them. */
export const callRangeFields = {
  timestampFrom: unixSeconds.meta({ description: 'unix seconds, inclusive' }),
  timestampTo: unixSeconds.meta({ description: 'unix seconds, inclusive' }),
  ...filters,
};

/** A range's start may not be after its end; the message names the start. */
export function startNotAfterEnd<T extends z.ZodType<{ timestampFrom: number; timestampTo: number }>>(
  schema: T,
) {
  return schema.refine((q) => q.timestampFrom <= q.timestampTo, {
    message: CALL_TEXT.startAfterEnd,
    path: ['timestampFrom'],
  });
}

export const callsQuerySchema = z
  .object({
    timestampFrom: unixSeconds.meta({ description: 'unix seconds, inclusive' }),
    timestampTo: unixSeconds.meta({ description: 'unix seconds, inclusive' }),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).meta({ description: '1-based' }),
    ...filters,
  })
  .refine((q) => q.timestampFrom <= q.timestampTo, {
    message: CALL_TEXT.startAfterEnd,
    path: ['timestampFrom'],
  });
export type CallsQuery = z.infer<typeof callsQuerySchema>;

export const callRowSchema = z
  .object({
    call_uuid: z.string(),
    call_timestamp: z.number().int().meta({ description: 'unix seconds' }),
    destination: z.string(),
    user: z.string(),
    caller_id_number: z.string(),
    billed_duration: z.number().int().meta({ description: 'billed seconds' }),
    billing_rate: z.number().meta({ description: 'credits per minute' }),
    credits_used: z.number().meta({ description: 'credits' }),
    billed_in: z.object({ period_start: z.string(), period_end: z.string() }).nullable().meta({
      description:
        "the billing period the call was billed in, when that is not the period its time falls in (it was posted after that period's close); else null",
    }),
  })
  .meta({ id: 'CallRow' });
export type CallRow = z.infer<typeof callRowSchema>;

export const callsResponseSchema = z
  .object({
    calls: z.array(callRowSchema),
    total_pages: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'CallsPage' });
export type CallsResponse = z.infer<typeof callsResponseSchema>;

/** The same range and filters as a page, without the page number. */
export const callTotalsQuerySchema = startNotAfterEnd(z.object(callRangeFields));

export const callTotalsSchema = z
  .object({
    calls: z.number().int(),
    billed_seconds: z.number().int(),
    credits_used: z.number().meta({ description: 'credits' }),
    overage_credits: z.number().meta({ description: 'credits beyond the plan, rollover and bonus credits' }),
    overage_dollars: z.number().meta({ description: 'what the overage credits cost, in dollars' }),
  })
  .meta({ id: 'CallTotals' });
export type CallTotals = z.infer<typeof callTotalsSchema>;

const periodDatesSchema = z.object({
  start_date: z.number().int().meta({ description: 'unix seconds' }),
  end_date: z.number().int().meta({ description: 'unix seconds, the last second of the period' }),
});
export type PeriodDates = z.infer<typeof periodDatesSchema>;

export const callDatesResponseSchema = z
  .object({
    dates: z.object({
      current_period: periodDatesSchema.nullable(),
      previous_period: periodDatesSchema.nullable(),
    }),
  })
  .meta({ id: 'CallDates' });
export type CallDates = z.infer<typeof callDatesResponseSchema>['dates'];

export const callsDownloadQuerySchema = z
  .object({
    invoice_id: z.string().trim().min(1).max(64).optional(),
    timestampFrom: unixSeconds.optional(),
    timestampTo: unixSeconds.optional(),
    ...filters,
  })
  .refine(
    (q) => q.invoice_id !== undefined || (q.timestampFrom !== undefined && q.timestampTo !== undefined),
    {
      message: 'Give invoice_id, or timestampFrom and timestampTo.',
    },
  );
export type CallsDownloadQuery = z.infer<typeof callsDownloadQuerySchema>;

export const callFiltersResponseSchema = z
  .object({ users: z.array(z.string()), destinations: z.array(z.string()) })
  .meta({ id: 'CallFilters' });
export type CallFilters = z.infer<typeof callFiltersResponseSchema>;
