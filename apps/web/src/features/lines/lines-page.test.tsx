import { LINES_TEXT, MESSAGES, type LinesData } from '@enq/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { LinesPage } from './lines-page';

const group = (overrides: Partial<LinesData['markets_with_groups'][string][number]>) => ({
  market_id: 'irs',
  new_market: false,
  name_long: 'Practitioner Priority Service',
  irs_number: '866-860-4259',
  display_number: '+18885550101',
  open_hours_text: 'Mon–Fri 7:00 AM – 7:00 PM EST',
  description_long: 'The IRS line reserved for tax professionals.',
  rate_now: 58.75,
  ...overrides,
});

const DATA: LinesData = {
  pin: '482913',
  markets_with_groups: {
    IRS: [
      group({}),
      group({
        name_long: 'Automated Collection System (ACS)',
        irs_number: '800-829-7650\n800-829-3903',
        display_number: '+18885550104',
        open_hours_text: 'Mon–Fri 8:00 AM – 8:00 PM EST',
        description_long: 'Balance-due accounts in collection.',
        rate_now: 20,
      }),
    ],
    'Georgia DOR': [
      group({
        market_id: 'ga-dor',
        new_market: true,
        name_long: 'Taxpayer Services',
        irs_number: '877-423-6711',
        display_number: '+18885550151',
        open_hours_text: 'Mon–Fri 8:00 AM – 5:00 PM EST',
        description_long: 'Georgia Department of Revenue accounts.',
        rate_now: null,
      }),
    ],
  },
};

let answer: () => Response;
beforeEach(() => {
  answer = () => jsonResponse(DATA);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname !== '/api/v1/account/lines/') throw new Error(`unexpected call ${url.pathname}`);
      return answer();
    }),
  );
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/lines', element: <LinesPage /> },
      { path: '/pdf', element: <h1>PDF and Contact Cards</h1> },
    ],
    { initialEntries: ['/lines'] },
  );
  render(
    <TestServices>
      <RouterProvider router={router} />
    </TestServices>,
  );
  return router;
}
const market = (name: string | RegExp) => screen.getByRole('region', { name }) as HTMLElement;
const department = (name: string) => screen.getByRole('article', { name }) as HTMLElement;

describe('the lines page', () => {
  it('shows a loader, then on failure the generic error whose Retry loads the lines', async () => {
    let attempts = 0;
    answer = () =>
      ++attempts === 1 ? jsonResponse({ code: 'BAD_REQUEST', message: 'x' }, 400) : jsonResponse(DATA);
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading lines' })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Practitioner Priority Service' })).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('LINE-01 departments are grouped under a heading per market, in the order given', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Practitioner Priority Service' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'IRS',
      'Georgia DORNew',
    ]);
    expect(
      within(market('IRS'))
        .getAllByRole('article')
        .map((a) => a.querySelector('h3')!.textContent),
    ).toEqual(['Practitioner Priority Service', 'Automated Collection System (ACS)']);
    expect(within(market(/^Georgia DOR/)).getAllByRole('article')).toHaveLength(1);
  });

  it('LINE-02 LINE-03 LINE-04 LINE-05 each department shows its name, IRS numbers one per line, a tel: link and hours', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Practitioner Priority Service' });
    const acs = department('Automated Collection System (ACS)');
    const numbers = within(acs).getByTestId('irs-numbers');
    expect([...numbers.children].map((line) => line.textContent)).toEqual(['800-829-7650', '800-829-3903']);
    const call = within(acs).getByRole('link', { name: /\(888\) 555-0104/ }) as HTMLAnchorElement;
    expect(call.getAttribute('href')).toBe('tel:+18885550104');
    expect(call.textContent).toBe('(888) 555-0104');
    expect(within(acs).getByText('Mon–Fri 8:00 AM – 8:00 PM EST')).toBeTruthy();

    const pps = department('Practitioner Priority Service');
    expect(within(pps).getByTestId('irs-numbers').textContent).toBe('866-860-4259');
    expect(within(pps).getByRole('link').getAttribute('href')).toBe('tel:+18885550101');
    expect(within(pps).getByText('Mon–Fri 7:00 AM – 7:00 PM EST')).toBeTruthy();
  });

  it("each department shows its rate for a call started now, e.g. '58.75 credits/min now'", async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Practitioner Priority Service' });
    expect(
      within(department('Practitioner Priority Service')).getByText('58.75 credits/min now'),
    ).toBeTruthy();
    expect(
      within(department('Automated Collection System (ACS)')).getByText('20.00 credits/min now'),
    ).toBeTruthy();
    // A line no rate covers at the moment shows no rate rather than a wrong one.
    expect(within(department('Taxpayer Services')).queryByText(/credits\/min/)).toBeNull();
  });

  it('LINE-06 the description opens and closes with a disclosure button', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Practitioner Priority Service' });
    const pps = department('Practitioner Priority Service');
    const toggle = within(pps).getByRole('button', { name: 'About this line' });
    const description = within(pps).getByText('The IRS line reserved for tax professionals.');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(description.id);
    expect(description.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(description.hidden).toBe(false);
    // Only this department opened.
    expect(
      within(department('Taxpayer Services')).getByText('Georgia Department of Revenue accounts.').hidden,
    ).toBe(true);
    fireEvent.click(toggle);
    expect(description.hidden).toBe(true);
  });

  it("LINE-07 a 'New' badge shows only on markets flagged new", async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Practitioner Priority Service' });
    // The spec's word for the badge, exactly.
    expect(within(market(/^Georgia DOR/)).getByText('New')).toBeTruthy();
    expect(within(market('IRS')).queryByText('New')).toBeNull();
  });

  it('LINE-08 the PIN shows masked but for its last 4, and the toggle reveals and hides it', async () => {
    renderPage();
    const pin = await screen.findByTestId('pin');
    expect(pin.textContent).toBe('••2913');
    expect(document.body.textContent).not.toContain('482913');
    fireEvent.click(screen.getByRole('button', { name: LINES_TEXT.showPin }));
    expect(pin.textContent).toBe('482913');
    fireEvent.click(screen.getByRole('button', { name: LINES_TEXT.hidePin }));
    expect(pin.textContent).toBe('••2913');
  });

  it('LINE-09 a notice points to /pdf', async () => {
    const router = renderPage();
    const link = await screen.findByRole('link', { name: 'Go to PDF and Contact Cards' });
    expect(link.closest('[role="status"]')!.textContent).toContain('download the how-to PDF');
    expect(link.getAttribute('href')).toBe('/pdf');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'PDF and Contact Cards' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pdf');
  });
});
