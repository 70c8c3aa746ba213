import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { CallRatesPage, nextIsolated, RATES_TEXT } from './call-rates-page';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () =>
      jsonResponse({
        data: [
          { time: '12:00 AM', slot_start_minute: 0, A: 20, B: 20 },
          { time: '12:30 AM', slot_start_minute: 30, A: 21, B: 30 },
        ],
        destinations: ['A', 'B'],
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

  it('RATE-02 RATE-03 a legend click isolates a series, a second click restores all', () => {
    expect(nextIsolated(null, 'A')).toBe('A');
    expect(nextIsolated('A', 'A')).toBeNull();
    expect(nextIsolated('A', 'B')).toBe('B');
  });
});
