import { USAGE_TEXT, type UsageGroup } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usageAnswer } from '../../test/usage-data';
import { jsonResponse, stubMatchMedia, TestServices } from '../../test/utils';
import { callRow, CALL_DATES, CALLS_BASE, stubCallsApi } from './call-history-fixtures';
import { CallHistoryPage } from './call-history-page';

let usageRequests: URL[];
let usageStatus: number;
let empty: boolean;
/** The answer compares with the previous billing period. */
let periodAnswer: boolean;
/** While set, the page of calls is not answered. */
let callsHeld: Promise<void> | null;

beforeEach(() => {
  usageRequests = [];
  usageStatus = 200;
  empty = false;
  periodAnswer = false;
  callsHeld = null;
  stubMatchMedia();
  stubCallsApi([callRow(1), callRow(2)], (url) => {
    // A held page: answered (by the fixture, asked again) once released.
    if (url.pathname === `${CALLS_BASE}/` && callsHeld)
      return callsHeld.then(() =>
        jsonResponse({ calls: [callRow(1), callRow(2)], total_pages: 1, page_size: 25 }),
      ) as unknown as Response;
    if (url.pathname === `${CALLS_BASE}/filters/`)
      return jsonResponse({ users: ['Dana Whitfield', 'Omar Haddad'], destinations: ['IRS PPS'] });
    if (url.pathname !== `${CALLS_BASE}/usage/`) return undefined;
    usageRequests.push(url);
    if (usageStatus !== 200) return jsonResponse({ code: 'INTERNAL', message: 'x' }, usageStatus);
    const answer = usageAnswer(url.searchParams.get('by') as UsageGroup);
    if (periodAnswer) answer.previous.period = true;
    if (empty)
      return jsonResponse({
        ...answer,
        series: [],
        days: answer.days.map((d) => ({ ...d, credits: 0, stacks: [] })),
        total_credits: 0,
        top_users: [],
        top_lines: [],
      });
    return jsonResponse(answer);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(url = '/call-history') {
  render(
    <TestServices>
      <RouterProvider
        router={createMemoryRouter([{ path: '/call-history', element: <CallHistoryPage /> }], {
          initialEntries: [url],
        })}
      />
    </TestServices>,
  );
}
const panel = async () => within(await screen.findByRole('region', { name: USAGE_TEXT.title }));
const topList = (region: ReturnType<typeof within>, title: string) =>
  Array.from(
    region.getByRole('region', { name: title }).querySelectorAll('li'),
    (li: HTMLLIElement) => li.textContent,
  );

describe('Call History usage charts', () => {
  it("USAGE-10 USAGE-11 shows the range's chart, its text alternative and the top users and lines", async () => {
    renderPage();
    const usage = await panel();
    expect(
      await usage.findByText(
        '200.00 credits used over 3 days, against 125.25 credits in the previous range (3 days).',
      ),
    ).toBeTruthy();
    expect(
      Array.from(
        usage.getByRole('list', { name: USAGE_TEXT.tableCaption }).querySelectorAll('li'),
        (li) => li.textContent,
      ),
    ).toEqual([
      'Mar 14: 120.50 credits (previous range: 80.00 credits)',
      'Mar 15: 0.00 credits (previous range: 45.25 credits)',
      'Mar 16: 79.50 credits (previous range: 0.00 credits)',
    ]);
    expect(topList(usage, USAGE_TEXT.topUsers)).toEqual([
      'Dana Whitfield140.00 credits · 70.0%',
      'Omar Haddad60.00 credits · 30.0%',
    ]);
    expect(topList(usage, USAGE_TEXT.topLines)).toEqual([
      'IRS PPS150.50 credits · 75.3%',
      'IRS e-Services49.50 credits · 24.7%',
    ]);
    // The same range as the calls: the current period, by user.
    expect(Object.fromEntries(usageRequests[0]!.searchParams)).toEqual({
      timestampFrom: String(CALL_DATES.current_period.start_date),
      timestampTo: String(CALL_DATES.current_period.end_date),
      by: 'user',
    });
  });

  it('USAGE-02 USAGE-11 a period is drawn and told against the previous period', async () => {
    periodAnswer = true;
    renderPage();
    const usage = await panel();
    expect(
      await usage.findByText(
        '200.00 credits used over 3 days, against 125.25 credits in the previous period (3 days).',
      ),
    ).toBeTruthy();
    expect(usage.getByRole('list', { name: USAGE_TEXT.tableCaption }).textContent).toContain(
      'Mar 14: 120.50 credits (previous period: 80.00 credits)',
    );
  });

  it('USAGE-10 asks for the chart only once the first calls are in, so they never wait for it', async () => {
    let release = () => {};
    callsHeld = new Promise((resolve) => (release = resolve));
    renderPage();
    const usage = await panel();
    // Not asked yet, but its heading and its chart's placeholder are there, not an empty box.
    expect(usage.getByRole('status', { name: 'Loading usage' })).toBeTruthy();
    expect(usageRequests).toHaveLength(0);
    release();
    await screen.findByRole('table');
    // Then asked: the placeholder ends in the chart.
    await waitFor(() => expect(usageRequests).toHaveLength(1));
    expect(await usage.findByText(/^200\.00 credits used over 3 days/)).toBeTruthy();
    expect(usage.queryByRole('status', { name: 'Loading usage' })).toBeNull();
  });

  it('USAGE-10 By line asks for the days stacked by line, By user again by user', async () => {
    renderPage();
    const usage = await panel();
    await usage.findByText(/^200\.00 credits used/);
    const byUser = usage.getByRole('button', { name: 'By user' });
    const byLine = usage.getByRole('button', { name: 'By line' });
    expect(byUser.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(byLine);
    await waitFor(() => expect(usageRequests.at(-1)!.searchParams.get('by')).toBe('line'));
    expect(byLine.getAttribute('aria-pressed')).toBe('true');
    expect(byUser.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(byUser);
    await waitFor(() => expect(byUser.getAttribute('aria-pressed')).toBe('true'));
    expect(usageRequests.map((u) => u.searchParams.get('by'))).toEqual(['user', 'line']);
  });

  it("USAGE-05 USAGE-10 carries the view's user and line filters into the chart's request", async () => {
    renderPage('/call-history?preset=custom&from=1773600000&to=1773700000&page=2&user=Dana+Whitfield');
    await panel();
    await waitFor(() => expect(usageRequests).toHaveLength(1));
    expect(Object.fromEntries(usageRequests[0]!.searchParams)).toEqual({
      timestampFrom: '1773600000',
      timestampTo: '1773700000',
      user: 'Dana Whitfield',
      by: 'user',
    });
    fireEvent.change(await screen.findByLabelText('Destination'), { target: { value: 'IRS PPS' } });
    await waitFor(() => expect(usageRequests.at(-1)!.searchParams.get('destination')).toBe('IRS PPS'));
    expect(usageRequests.at(-1)!.searchParams.get('user')).toBe('Dana Whitfield');
  });

  it('USAGE-08 USAGE-10 a range without credits says so, with the switch still there', async () => {
    empty = true;
    renderPage();
    const usage = await panel();
    expect(await usage.findByText(USAGE_TEXT.empty)).toBeTruthy();
    expect(usage.getByRole('button', { name: 'By line' })).toBeTruthy();
    expect(usage.queryByTestId('usage-chart')).toBeNull();
  });

  it('USAGE-10 a failed answer offers Retry and leaves the calls on the page', async () => {
    usageStatus = 500;
    renderPage();
    const usage = await panel();
    expect(await usage.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(await screen.findAllByText('Dana Whitfield')).not.toHaveLength(0);
    usageStatus = 200;
    fireEvent.click(usage.getByRole('button', { name: 'Retry' }));
    expect(await usage.findByText(/^200\.00 credits used over 3 days/)).toBeTruthy();
  });
});
