import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia, TestServices } from '../../test/utils';
import { callRow, CALL_DATES, stubCallsApi } from './call-history-fixtures';
import { CallHistoryPage } from './call-history-page';

// A call made at 11:59:59 AM on Mar 14, the previous period's last hour, posted after that period closed: the API says it was
// billed in the current period (Mar 14 – Apr 14), and the page says so under its time.
const LATE = {
  ...callRow(0),
  call_uuid: 'late-1',
  call_timestamp: CALL_DATES.previous_period.end_date - 3600,
  billed_in: { period_start: '2026-03-14T17:00:00.000Z', period_end: '2026-04-14T17:00:00.000Z' },
};

beforeEach(() => {
  stubMatchMedia();
  stubCallsApi([callRow(1), LATE]);
});
afterEach(() => vi.unstubAllGlobals());

describe('Call History: late calls', () => {
  it('marks a call posted after its period closed with the period it was billed in, and only that call', async () => {
    const router = createMemoryRouter([{ path: '/call-history', element: <CallHistoryPage /> }], {
      initialEntries: ['/call-history'],
    });
    render(
      <TestServices>
        <RouterProvider router={router} />
      </TestServices>,
    );
    const rows = await screen.findAllByTestId('call-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Billed in Mar 14, 2026 – Apr 14, 2026')).toBeTruthy();
    expect(rows[1]!.querySelector('td')!.textContent).toBe(
      '03/14/2026 11:59:59 AMBilled in Mar 14, 2026 – Apr 14, 2026',
    );
    expect(within(rows[0]!).queryByText(/Billed in/)).toBeNull();
  });
});
