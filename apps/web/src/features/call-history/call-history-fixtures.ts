import type { CallRow } from '@enq/contract';

// What the Call History page tests answer for the calls API.
export const CALLS_BASE = '/api/v1/account/calls';
// 2026-03-14 13:00 EDT .. 2026-04-14 13:00 EDT minus a second
export const CALL_DATES = {
  current_period: { start_date: 1_773_507_600, end_date: 1_776_186_000 - 1 },
  previous_period: { start_date: 1_770_829_200, end_date: 1_773_507_600 - 1 },
};

/** The i-th call of a page: one a minute, each the same 205 s call at 27.5 credits/min. */
export const callRow = (i: number): CallRow => ({
  call_uuid: `c-${i}`,
  call_timestamp: 1_773_600_000 + i * 60,
  destination: 'IRS Practitioner Priority Service',
  user: 'Dana Whitfield',
  caller_id_number: '+12025550100',
  billed_duration: 205,
  billing_rate: 27.5,
  credits_used: 93.96,
  billed_in: null,
});
