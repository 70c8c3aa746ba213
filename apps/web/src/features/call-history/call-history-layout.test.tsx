import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubMatchMedia, TestServices } from '../../test/utils';
import { callRow, CALLS_BASE, datePicker, stubCallsApi } from './call-history-fixtures';
import { CallHistoryPage } from './call-history-page';

/** A screen `width` px wide: min-width and max-width queries answer as a browser's would. */
function stubScreenWidth(width: number) {
  stubMatchMedia((query) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, px]) =>
      bound === 'min' ? width >= Number(px) : width <= Number(px),
    ),
  );
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/call-history', element: <CallHistoryPage /> }], {
    initialEntries: ['/call-history'],
  });
  render(
    <TestServices>
      <RouterProvider router={router} />
    </TestServices>,
  );
}

/** The minutes since midnight of a time as the picker lists it ('1:15 PM'). */
const minutes = (time: string) => {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time)!;
  return ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m);
};

describe('call history pickers and narrow screens', () => {
  it('CALL-05 the start and end pickers offer the times of a day 15 minutes apart', async () => {
    stubScreenWidth(1280);
    stubCallsApi([callRow(1)]);
    renderPage();
    await screen.findByRole('table');
    for (const label of ['Start date', 'End date']) {
      fireEvent.click(await datePicker(label));
      const list = await waitFor(() => document.querySelector<HTMLElement>('.react-datepicker__time-list')!);
      const times = [...within(list).getAllByText(/^\d{1,2}:\d{2} [AP]M$/)].map((t) => t.textContent!);
      expect(times, label).toHaveLength(96);
      expect(times.map(minutes)).toEqual(times.map((_, i) => i * 15));
      fireEvent.keyDown(screen.getByLabelText(label), { key: 'Escape' });
      await waitFor(() => expect(document.querySelector('.react-datepicker__time-list')).toBeNull());
    }
  }, 15_000);

  it.each([
    [565, true],
    [566, false],
  ])(
    'CALL-14 CALL-15 an empty range at %i px: Download always there and no empty text only up to 565 px',
    async (width, narrow) => {
      stubScreenWidth(width);
      let answered = false;
      stubCallsApi([], (url) => {
        if (url.pathname !== `${CALLS_BASE}/`) return undefined;
        answered = true;
        return jsonResponse({ calls: [], total_pages: 0, page_size: 25 });
      });
      renderPage();
      // Judged once the empty answer is on screen: before it, no width shows the empty text.
      await waitFor(() => {
        expect(answered).toBe(true);
        expect(screen.queryByRole('status', { name: 'Loading calls' })).toBeNull();
      });
      const empty = 'No data available. Select a different date range.';
      if (narrow) {
        expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
        expect(screen.queryByText(empty)).toBeNull();
      } else {
        expect(screen.getByText(empty)).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
      }
    },
    // Page loads on a shared two-core machine; passing runs take well under a second.
    15_000,
  );
});
