import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchRoutes, type RouteHandler } from '../../../test/fetch-routes';
import { jsonResponse, TestServices } from '../../../test/utils';
import { PriceChangeNotice } from './price-change-notice';

const FORECAST = 'GET /api/v1/account/subscription/forecast/';
let routes: Record<string, RouteHandler>;
beforeEach(() => {
  routes = {};
  stubFetchRoutes(routes);
});
afterEach(() => vi.restoreAllMocks());

const renderNotice = () =>
  render(
    <TestServices>
      <PriceChangeNotice />
    </TestServices>,
  );

describe("the overview's scheduled price change", () => {
  it("CAT-02 tells the customer their own plan's new price and the day it takes effect (New York)", async () => {
    routes[FORECAST] = () =>
      jsonResponse({
        forecast: null,
        advisor: null,
        price_change: {
          plan: 'Firm monthly',
          per: 'month',
          now: { from: '2026-12-07T15:00:00.000Z', price: 750, credits: 80_000 },
          // Midnight in New York on Jan 20 is 05:00 UTC.
          next: { from: '2027-01-20T05:00:00.000Z', price: 790, credits: 80_000 },
        },
      });
    renderNotice();
    const notice = await screen.findByLabelText('Scheduled price change');
    expect(notice.textContent).toBe(
      'From January 20, 2027 the Firm monthly plan costs $790.00 per month (now $750.00): each period that starts from then on is charged the new price.',
    );
  });

  it('shows nothing while no change is scheduled', async () => {
    let asked = 0;
    routes[FORECAST] = () => {
      asked++;
      return jsonResponse({ forecast: null, advisor: null, price_change: null });
    };
    const { container } = renderNotice();
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(container.textContent).toBe('');
  });
});
