import { CALL_COLUMNS, CALL_TEXT, MESSAGES, type CallsResponse } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubMatchMedia, TestServices } from '../../test/utils';
import { usageAnswer } from '../../test/usage-data';
import { callRow, CALL_DATES, CALLS_BASE, datePicker } from './call-history-fixtures';
import { CallHistoryPage } from './call-history-page';

const BASE = CALLS_BASE;
const DATES = CALL_DATES;
const row = callRow;

let listCalls: URL[];
let listTotals: URL[];
let callsAnswer: (url: URL) => CallsResponse;
let datesAnswer: unknown;
/** The calls answer waits for this: a test holds it to see the page before its first page arrives. */
let callsGate: Promise<void>;

beforeEach(() => {
  listCalls = [];
  listTotals = [];
  datesAnswer = { dates: DATES };
  callsGate = Promise.resolve();
  callsAnswer = (url) => ({
    calls: Array.from({ length: 25 }, (_, i) => row(i + Number(url.searchParams.get('page')) * 100)),
    total_pages: 40,
    page_size: 25,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === `${BASE}/dates/`) return jsonResponse(datesAnswer);
      if (url.pathname === `${BASE}/totals/`) {
        listTotals.push(url);
        return jsonResponse({
          calls: 1000,
          billed_seconds: 205_000,
          credits_used: 93_960,
          overage_credits: 1234.5,
          overage_dollars: 12.35,
        });
      }
      if (url.pathname === `${BASE}/filters/`)
        return jsonResponse({ users: ['Dana Whitfield'], destinations: ['IRS'] });
      if (url.pathname === `${BASE}/usage/`) return jsonResponse(usageAnswer());
      if (url.pathname === `${BASE}/`) {
        listCalls.push(url);
        await callsGate;
        return jsonResponse(callsAnswer(url));
      }
      if (url.pathname === `${BASE}/download/`) {
        return new Response('a,b\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="calls-x.csv"',
          },
        });
      }
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setWidth(narrow: boolean) {
  stubMatchMedia((query) => narrow && query.includes('565px'));
}

function renderPage(url = '/call-history') {
  const router = createMemoryRouter([{ path: '/call-history', element: <CallHistoryPage /> }], {
    initialEntries: [url],
  });
  render(
    <TestServices>
      <RouterProvider router={router} />
    </TestServices>,
  );
  return router;
}

const presetSelect = () => screen.getByLabelText('Date range') as HTMLSelectElement;

describe('CallHistoryPage', () => {
  it('CALL-01 CALL-02 CALL-03 offers the nine presets and defaults to the current period', async () => {
    setWidth(false);
    const router = renderPage();
    await screen.findByRole('table');
    expect([...presetSelect().options].map((o) => o.text)).toEqual([
      'Custom',
      'Current period',
      'Previous period',
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
      'This month',
      'Last month',
    ]);
    expect(presetSelect().value).toBe('current-period');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('from')).toBe(String(DATES.current_period.start_date));
    expect(params.get('to')).toBe(String(DATES.current_period.end_date));
    expect(listCalls[0]!.searchParams.get('page')).toBe('1');
  });

  it('CALL-02 CALL-03 without period dates defaults to today and hides the period presets', async () => {
    setWidth(false);
    datesAnswer = { dates: { current_period: null, previous_period: null } };
    const router = renderPage();
    await screen.findByRole('table');
    expect(presetSelect().value).toBe('today');
    expect([...presetSelect().options].map((o) => o.value)).not.toContain('previous-period');
    const params = new URLSearchParams(router.state.location.search);
    expect(Number(params.get('to')) - Number(params.get('from'))).toBeGreaterThanOrEqual(23 * 3600 - 1);
  });

  it('CALL-11 CALL-12 shows the seven columns and 5 page links; a page link goes to the URL', async () => {
    setWidth(false);
    const router = renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...CALL_COLUMNS]);
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(within(table).getAllByText('3:25')).toHaveLength(25);
    // Numbers as people read them: caller IDs as phone numbers, credits with two fixed decimals.
    expect(within(table).getAllByText('(202) 555-0100')).toHaveLength(25);
    expect(within(table).getAllByText('93.96')).toHaveLength(25);
    expect(within(table).getAllByText('27.50')).toHaveLength(25);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3'));
    await waitFor(() => expect(listCalls.at(-1)!.searchParams.get('page')).toBe('3'));
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
  });

  it('opens a bookmarked view from the URL', async () => {
    setWidth(false);
    renderPage('/call-history?preset=custom&from=1773600000&to=1773700000&page=7&user=Dana+Whitfield');
    await screen.findByRole('table');
    expect(presetSelect().value).toBe('custom');
    expect(Object.fromEntries(listCalls[0]!.searchParams)).toEqual({
      timestampFrom: '1773600000',
      timestampTo: '1773700000',
      page: '7',
      user: 'Dana Whitfield',
    });
    expect(screen.getByRole('button', { name: 'Page 7' }).getAttribute('aria-current')).toBe('page');
  });

  it('choosing a preset sets its range and page 1', async () => {
    setWidth(false);
    const router = renderPage('/call-history?preset=custom&from=1773600000&to=1773700000&page=7');
    await screen.findByRole('table');
    fireEvent.change(presetSelect(), { target: { value: 'previous-period' } });
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        preset: 'previous-period',
        from: String(DATES.previous_period.start_date),
        to: String(DATES.previous_period.end_date),
        page: '1',
      }),
    );
  });

  it('CALL-04 CALL-06 editing a date switches to custom; the display is MMMM d, yyyy h:mm aa', async () => {
    setWidth(false);
    const router = renderPage();
    await screen.findByRole('table');
    const start = await datePicker('Start date');
    expect(start.value).toBe('March 14, 2026 1:00 PM');
    fireEvent.change(start, { target: { value: 'March 20, 2026 9:15 AM' } });
    await waitFor(() => expect(presetSelect().value).toBe('custom'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('from')).toBe(
        String(Date.UTC(2026, 2, 20, 13, 15) / 1000),
      ),
    );
  });

  it('CALL-08 CALL-09 a start after the end and an end before the start show their messages', async () => {
    setWidth(false);
    renderPage();
    await screen.findByRole('table');
    fireEvent.change(await datePicker('Start date'), { target: { value: 'May 1, 2026 9:00 AM' } });
    expect(await screen.findByText(CALL_TEXT.startAfterEnd)).toBeTruthy();
    fireEvent.change(await datePicker('Start date'), { target: { value: 'March 20, 2026 9:00 AM' } });
    await waitFor(() => expect(screen.queryByText(CALL_TEXT.startAfterEnd)).toBeNull());
    fireEvent.change(await datePicker('End date'), { target: { value: 'March 1, 2026 9:00 AM' } });
    expect(await screen.findByText(CALL_TEXT.endBeforeStart)).toBeTruthy();
  });

  it('CALL-10 downloads the CSV with the server file name and the 2 s toast', async () => {
    setWidth(false);
    const success = vi.spyOn(toast, 'success');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    renderPage();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: CALL_TEXT.download }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MESSAGES.fileDownloaded, { autoClose: 2000 }));
  });

  it('CALL-13 with no calls on a wide screen shows the empty text and hides Download', async () => {
    setWidth(false);
    callsAnswer = () => ({ calls: [], total_pages: 0, page_size: 25 });
    renderPage();
    expect(await screen.findByText(CALL_TEXT.empty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: CALL_TEXT.download })).toBeNull();
  });

  it('CALL-14 CALL-15 at 565 px or less Download shows and the empty text does not', async () => {
    setWidth(true);
    callsAnswer = () => ({ calls: [], total_pages: 0, page_size: 25 });
    renderPage();
    // Judged once the empty answer is on screen: before it, no page shows the empty text.
    await waitFor(() => {
      expect(listCalls).toHaveLength(1);
      expect(screen.queryByRole('status', { name: 'Loading calls' })).toBeNull();
    });
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.queryByText('No data available. Select a different date range.')).toBeNull();
  });
  it('keeps the same picker (and its focus) through a valid edit, replacing the history entry', async () => {
    setWidth(false);
    const router = renderPage();
    await screen.findByRole('table');
    const start = await datePicker('Start date');
    start.focus();
    fireEvent.change(start, { target: { value: 'March 20, 2026 9:15 AM' } });
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('from')).toBe(
        String(Date.UTC(2026, 2, 20, 13, 15) / 1000),
      ),
    );
    expect(screen.getByLabelText('Start date')).toBe(start);
    expect(document.activeElement).toBe(start);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a bookmarked relative preset reopens on its current range, not the saved dates', async () => {
    setWidth(false);
    const router = renderPage('/call-history?preset=today&from=1773600000&to=1773700000&page=1');
    await screen.findByRole('table');
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(Number(params.get('to'))).toBeGreaterThan(Date.now() / 1000);
      expect(Number(params.get('from'))).toBeLessThanOrEqual(Date.now() / 1000);
    });
    expect(presetSelect().value).toBe('today');
  });

  it('CALL-10 with an invalid range the old results leave the screen; Download stays, disabled, saying why', async () => {
    setWidth(false);
    renderPage();
    await screen.findByRole('table');
    fireEvent.change(await datePicker('Start date'), { target: { value: 'May 1, 2026 9:00 AM' } });
    expect(await screen.findByText(CALL_TEXT.startAfterEnd)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Calls' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    const download = screen.getByRole('button', { name: CALL_TEXT.download }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);
    const reason = download.getAttribute('aria-describedby')!;
    expect(document.getElementById(reason)?.textContent).toBe(CALL_TEXT.startAfterEnd);
  });

  it('CALL-10 on a wide screen Download shows before the first page of calls arrives, and works', async () => {
    setWidth(false);
    let answer!: () => void;
    callsGate = new Promise((resolve) => (answer = resolve));
    const saved = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => (saved(), 'blob:x')), revokeObjectURL: vi.fn() }),
    );
    renderPage();
    await waitFor(() => expect(listCalls).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading calls' })).toBeTruthy();
    const download = screen.getByRole('button', { name: CALL_TEXT.download }) as HTMLButtonElement;
    expect(download.disabled).toBe(false);
    fireEvent.click(download);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    answer();
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: CALL_TEXT.download })).toBeTruthy();
  });

  it('CALL-14 at 565 px or less Download stays on screen with an invalid range, disabled', async () => {
    setWidth(true);
    renderPage();
    const download = (await screen.findByRole('button', { name: CALL_TEXT.download })) as HTMLButtonElement;
    await waitFor(() => expect(download.disabled).toBe(false));
    fireEvent.change(await datePicker('Start date'), { target: { value: 'May 1, 2026 9:00 AM' } });
    expect(await screen.findByText(CALL_TEXT.startAfterEnd)).toBeTruthy();
    const still = screen.getByRole('button', { name: CALL_TEXT.download }) as HTMLButtonElement;
    expect(still.disabled).toBe(true);
  });

  it('a year still being typed ("March 2, 20") changes nothing: the range and the picker stay', async () => {
    setWidth(false);
    const router = renderPage();
    await screen.findByRole('table');
    const before = router.state.location.search;
    const start = await datePicker('Start date');
    start.focus();
    fireEvent.change(start, { target: { value: 'March 2, 202' } });
    expect(router.state.location.search).toBe(before);
    expect(screen.getByLabelText('Start date')).toBe(start);
    expect(screen.queryByText(CALL_TEXT.startAfterEnd)).toBeNull();
  });

  it("shows the range's totals: calls, billed minutes, credits and the overage in dollars", async () => {
    setWidth(false);
    renderPage('/call-history?preset=custom&from=1773600000&to=1773700000&page=2&user=Dana+Whitfield');
    const totals = await screen.findByRole('region', { name: 'Totals for this range' });
    expect(within(totals).getByTestId('total-Calls').textContent).toBe('1,000');
    expect(within(totals).getByTestId('total-Billed minutes').textContent).toBe('3,416.7');
    expect(within(totals).getByTestId('total-Credits used').textContent).toBe('93,960.00');
    expect(within(totals).getByTestId('total-Overage').textContent).toBe('$12.35');
    expect(Object.fromEntries(listTotals[0]!.searchParams)).toEqual({
      timestampFrom: '1773600000',
      timestampTo: '1773700000',
      user: 'Dana Whitfield',
    });
  });
});
