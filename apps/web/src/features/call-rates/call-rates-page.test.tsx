import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { CallRatesPage, nextIsolated, RATES_TEXT } from './call-rates-page';
import { matchingLines } from './rate-table';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () =>
      jsonResponse({
        data: [
          { time: '12:00 AM', slot_start_minute: 0, 'IRS e-Services': 20, 'New York DTF': 20 },
          { time: '12:30 AM', slot_start_minute: 30, 'IRS e-Services': 21.5, 'New York DTF': 30 },
        ],
        destinations: ['IRS e-Services', 'New York DTF'],
        y_max: 30,
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('CallRatesPage', () => {
  it('RATE-01 RATE-06 RATE-07 RATE-08 shows the 700 px chart, the pricing text and the terms link', async () => {
    render(
      <TestServices>
        <CallRatesPage />
      </TestServices>,
    );
    const chart = await screen.findByTestId('rates-chart');
    expect(chart.style.height).toBe('700px');
    expect(screen.getByText(/Credits per minute by destination and time of day \(EST\)/)).toBeTruthy();
    expect(screen.getByText(RATES_TEXT.dynamicPricing)).toBeTruthy();
    expect(screen.getByText(RATES_TEXT.credits)).toBeTruthy();
    expect(screen.getByText(/billed as overage/)).toBeTruthy();
    expect(screen.getByRole('link', { name: RATES_TEXT.terms }).getAttribute('href')).toBe(
      // RATE-08: the subscription-and-payment section, not the terms' start.
      'https://enq.example.test/#terms-subscription-and-payment',
    );
  });

  it("reads one line's rate for each half hour off a table, the line found by a search", async () => {
    render(
      <TestServices>
        <CallRatesPage />
      </TestServices>,
    );
    const table = await screen.findByRole('region', { name: 'Rates by half hour' });
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .filter((r) => r.closest('tbody'))
        .map((r) => r.textContent);
    // The first line until another is chosen; each half hour with its rate, two decimals.
    expect((within(table).getByLabelText('Line') as HTMLSelectElement).value).toBe('IRS e-Services');
    expect(rows()).toEqual(['12:00 AM20.00', '12:30 AM21.50']);
    fireEvent.change(within(table).getByLabelText('Find a line'), { target: { value: 'york' } });
    expect((within(table).getByLabelText('Line') as HTMLSelectElement).value).toBe('New York DTF');
    expect(rows()).toEqual(['12:00 AM20.00', '12:30 AM30.00']);
    fireEvent.change(within(table).getByLabelText('Find a line'), { target: { value: 'ohio' } });
    expect(within(table).getByText('No line matches “ohio”.')).toBeTruthy();
  });

  it('a search matches every word of it, in any case and order', () => {
    const lines = [
      'IRS e-Services Help Desk',
      'New York DTF Business Tax',
      'IRS Business & Specialty Tax Line',
    ];
    expect(matchingLines(lines, 'business irs')).toEqual(['IRS Business & Specialty Tax Line']);
    expect(matchingLines(lines, '  ')).toEqual(lines);
  });

  it('RATE-02 RATE-03 a legend click isolates a series, a second click restores all', () => {
    expect(nextIsolated(null, 'A')).toBe('A');
    expect(nextIsolated('A', 'A')).toBeNull();
    expect(nextIsolated('A', 'B')).toBe('B');
  });
});
