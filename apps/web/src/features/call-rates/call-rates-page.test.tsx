import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { CallRatesPage, RATES_TEXT } from './call-rates-page';
import { matchingLines } from './rate-table';

type RatePoint = Record<string, string | number>;
let answer: { data: RatePoint[]; destinations: string[]; y_max: number };

beforeEach(() => {
  answer = {
    data: [
      { time: '12:00 AM', slot_start_minute: 0, 'IRS e-Services': 20, 'New York DTF': 20 },
      { time: '12:30 AM', slot_start_minute: 30, 'IRS e-Services': 21.5, 'New York DTF': 30 },
    ],
    destinations: ['IRS e-Services', 'New York DTF'],
    y_max: 30,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => jsonResponse(answer)),
  );
});

// A drawn chart leaves recharts' text-measuring span in <body>; test files share the document.
afterEach(() => document.getElementById('recharts_measurement_span')?.remove());

/**
 * jsdom lays nothing out, so the chart would draw at 0 × 0 with no lines. Every box is given the
 * chart's size (1000 × 700) except the legend's, a 30 px strip, so the lines are drawn where a browser
 * draws them and their paths can be read.
 */
function layOut() {
  const box = (height: number) =>
    ({ width: 1000, height, top: 0, left: 0, right: 1000, bottom: height, x: 0, y: 0 }) as DOMRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return box(this.classList.contains('recharts-legend-wrapper') ? 30 : 700);
  });
  for (const [property, value] of [
    ['clientWidth', 1000],
    ['clientHeight', 700],
    ['offsetWidth', 1000],
    ['offsetHeight', 700],
  ] as const) {
    vi.spyOn(HTMLElement.prototype, property, 'get').mockReturnValue(value);
  }
}

async function renderChart() {
  layOut();
  render(
    <TestServices>
      <CallRatesPage />
    </TestServices>,
  );
  const chart = await screen.findByTestId('rates-chart');
  await vi.waitFor(() => expect(chart.querySelectorAll('.recharts-line-curve').length).toBeGreaterThan(0));
  return chart;
}
const curves = (chart: HTMLElement) => [...chart.querySelectorAll('.recharts-line-curve')];
/** The y coordinates a line's path passes through, in order. */
const ys = (curve: Element) =>
  [...(curve.getAttribute('d') ?? '').matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));

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

  it('RATE-02 RATE-03 a legend click isolates that series; clicking it again restores all', async () => {
    const chart = await renderChart();
    expect(curves(chart)).toHaveLength(2);
    const legend = (name: string) =>
      [...chart.querySelectorAll('.recharts-legend-item')].find((item) => item.textContent === name)!;
    fireEvent.click(legend('New York DTF'));
    await vi.waitFor(() => expect(curves(chart)).toHaveLength(1));
    // The one line left is New York's: its rates are 20 then 30, the chart's floor and top.
    const axis = chart.querySelector('.recharts-yAxis .recharts-cartesian-axis-line')!;
    const [floor, top] = [Number(axis.getAttribute('y2')), Number(axis.getAttribute('y1'))];
    expect(ys(curves(chart)[0]!)).toEqual([floor, floor, top]);
    expect(screen.getByRole('figure', { name: 'Call rates chart' }).dataset.isolated).toBe('New York DTF');
    const table = screen.getByRole('region', { name: 'Rates by half hour' });
    expect((within(table).getByLabelText('Line') as HTMLSelectElement).value).toBe('New York DTF');
    fireEvent.click(legend('New York DTF'));
    await vi.waitFor(() => expect(curves(chart)).toHaveLength(2));
  });

  it('RATE-04 the y-axis starts at 20: a rate of 20 sits on the axis floor, one below it under the floor', async () => {
    answer.data[0]!['IRS e-Services'] = 15;
    const chart = await renderChart();
    const axis = chart.querySelector('.recharts-yAxis .recharts-cartesian-axis-line')!;
    const floor = Number(axis.getAttribute('y2'));
    const [irs, newYork] = curves(chart).map(ys);
    expect(newYork![0]).toBe(floor); // 20
    expect(irs![0]).toBeGreaterThan(floor); // 15, drawn below the floor (and clipped)
    expect(newYork!.at(-1)).toBe(Number(axis.getAttribute('y1'))); // 30, y_max, the top
  });

  it('RATE-05 the chart has 27 series colours: 27 lines all differ, the 28th takes the first again', async () => {
    const lines = Array.from({ length: 28 }, (_, i) => `Line ${i + 1}`);
    const point = (time: string, minute: number) => ({
      time,
      slot_start_minute: minute,
      ...Object.fromEntries(lines.map((line, i) => [line, 20 + i / 2])),
    });
    answer = { data: [point('12:00 AM', 0), point('12:30 AM', 30)], destinations: lines, y_max: 35 };
    const chart = await renderChart();
    const strokes = curves(chart).map((curve) => curve.getAttribute('stroke'));
    expect(strokes).toHaveLength(28);
    expect(new Set(strokes.slice(0, 27)).size).toBe(27);
    expect(strokes[27]).toBe(strokes[0]);
  });
});
