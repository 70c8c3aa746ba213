import { CALL_DOWNLOADS_BUSY, CALL_TEXT, ERROR_CODES } from '@enq/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { callRow, CALL_DATES, CALLS_BASE } from './call-history-fixtures';
import { CallHistoryPage } from './call-history-page';

const BASE = CALLS_BASE;
const DATES = CALL_DATES;
const row = callRow(1);

beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === `${BASE}/dates/`) return jsonResponse({ dates: DATES });
      if (url.pathname === `${BASE}/totals/`)
        return jsonResponse({
          calls: 1,
          billed_seconds: 205,
          credits_used: 93.96,
          overage_credits: 0,
          overage_dollars: 0,
        });
      if (url.pathname === `${BASE}/filters/`) return jsonResponse({ users: [], destinations: [] });
      if (url.pathname === `${BASE}/`) return jsonResponse({ calls: [row], total_pages: 1, page_size: 25 });
      if (url.pathname === `${BASE}/download/`)
        return jsonResponse({ code: ERROR_CODES.rateLimited, message: CALL_DOWNLOADS_BUSY }, 429, {
          'Retry-After': '30',
        });
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('CallHistoryPage download', () => {
  it('shows the server message when the account already runs two downloads', async () => {
    const failure = vi.spyOn(toast, 'error');
    const router = createMemoryRouter([{ path: '/call-history', element: <CallHistoryPage /> }], {
      initialEntries: ['/call-history'],
    });
    render(
      <TestServices>
        <RouterProvider router={router} />
      </TestServices>,
    );
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: CALL_TEXT.download }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith(CALL_DOWNLOADS_BUSY));
    // The button is usable again for a later try.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: CALL_TEXT.download }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });
});
