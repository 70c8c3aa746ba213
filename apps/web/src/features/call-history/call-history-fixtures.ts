import type { CallRow } from '@enq/contract';
import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { usageAnswer } from '../../test/usage-data';
import { jsonResponse } from '../../test/utils';

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

/**
 * Answers the Call History page's requests with one page of `calls` and their totals; `more` answers any
 * other path first (undefined to fall through). An unexpected path fails the test.
 */
export function stubCallsApi(calls: CallRow[], more: (url: URL) => Response | undefined = () => undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      const answer = more(url);
      if (answer) return answer;
      if (url.pathname === `${CALLS_BASE}/dates/`) return jsonResponse({ dates: CALL_DATES });
      if (url.pathname === `${CALLS_BASE}/totals/`)
        return jsonResponse({
          calls: calls.length,
          billed_seconds: calls.reduce((sum, c) => sum + c.billed_duration, 0),
          credits_used: Math.round(calls.reduce((sum, c) => sum + c.credits_used, 0) * 100) / 100,
          overage_credits: 0,
          overage_dollars: 0,
        });
      if (url.pathname === `${CALLS_BASE}/filters/`) return jsonResponse({ users: [], destinations: [] });
      if (url.pathname === `${CALLS_BASE}/usage/`) return jsonResponse(usageAnswer());
      if (url.pathname === `${CALLS_BASE}/`) return jsonResponse({ calls, total_pages: 1, page_size: 25 });
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
}

/** A date box ready to type in: the calendar's box, once its code has arrived (DateTimePicker). */
export function datePicker(label: string): Promise<HTMLInputElement> {
  return waitFor(() => {
    const box = screen.getByLabelText(label);
    expect(box).toBeInstanceOf(HTMLInputElement);
    return box as HTMLInputElement;
  });
}
