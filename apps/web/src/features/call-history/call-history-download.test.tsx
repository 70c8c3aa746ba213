import { CALL_DOWNLOADS_BUSY, CALL_TEXT, ERROR_CODES } from '@enq/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubMatchMedia, TestServices } from '../../test/utils';
import { callRow, CALLS_BASE, stubCallsApi } from './call-history-fixtures';
import { CallHistoryPage } from './call-history-page';

const BASE = CALLS_BASE;
const row = callRow(1);

beforeEach(() => {
  stubMatchMedia();
  stubCallsApi([row], (url) =>
    url.pathname === `${BASE}/download/`
      ? jsonResponse({ code: ERROR_CODES.rateLimited, message: CALL_DOWNLOADS_BUSY }, 429, {
          'Retry-After': '30',
        })
      : undefined,
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
