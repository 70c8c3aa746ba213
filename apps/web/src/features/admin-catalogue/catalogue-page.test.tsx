import {
  CATALOGUE_TEXT,
  type CatalogueLines,
  type CataloguePlans,
  type CatalogueRates,
  type RateSlot,
} from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { CataloguePage } from './catalogue-page';

const FROM = '2026-12-01T05:00:00.000Z';
// New York time whatever the reader's zone (CONS-06): 05:00 UTC is midnight in New York.
const fromText = 'Dec 1, 2026, 12:00 AM EST';
const LINE = 'IRS Practitioner Priority Service';

const plans: CataloguePlans = {
  plans: [
    {
      id: 'team-monthly',
      name: 'Team',
      period: 'mo',
      multi_user: true,
      available: true,
      versions: [
        { effective_from: null, price_cents: 30_000, credits: 30_000, save: null, status: 'in_force' },
        { effective_from: FROM, price_cents: 32_500, credits: 31_000, save: null, status: 'scheduled' },
      ],
    },
  ],
};

const slots = (scheduled: RateSlot['scheduled']): RateSlot[] =>
  Array.from({ length: 48 }, (_, i) => ({
    slot_start_minute: i * 30,
    now: 20,
    scheduled: i === 18 ? scheduled : [],
  }));

const lines: CatalogueLines = {
  markets: [
    {
      id: 'irs',
      name: 'IRS',
      is_new: false,
      sort: 1,
      lines: [
        {
          id: 'irs-pps',
          market_id: 'irs',
          name_long: 'Practitioner Priority Service',
          irs_number: '866-860-4259',
          display_number: '+18885550101',
          open_hours_text: 'Mon–Fri 7:00 AM – 7:00 PM EST',
          description_long: 'The IRS line reserved for tax professionals.',
          sort: 1,
          destination: LINE,
        },
      ],
    },
  ],
};

type Call = { method: string; path: string; body: unknown; key: string | null };

function setup(post: (body: unknown) => Response) {
  const calls: Call[] = [];
  let scheduled: RateSlot['scheduled'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const u = new URL(url, 'http://x');
      const path = u.pathname.replace('/api/v1/admin', '');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const key = new Headers(init.headers).get('Idempotency-Key');
      calls.push({ method, path, body, key });
      if (method === 'GET' && path === '/catalogue/plans/') return jsonResponse(plans);
      if (method === 'GET' && path === '/catalogue/lines/') return jsonResponse(lines);
      if (method === 'GET' && path === '/catalogue/rates/') {
        const rates: CatalogueRates = { lines: [LINE], line: LINE, slots: slots(scheduled) };
        return jsonResponse(rates);
      }
      if (method === 'POST' && path === '/catalogue/rates/') {
        const answer = post(body);
        if (answer.ok) scheduled = [{ effective_from: FROM, credits_per_minute: 41.5 }];
        return answer;
      }
      return jsonResponse({ message: 'nope', code: 'NOT_FOUND' }, 404);
    }),
  );
  render(
    <TestServices>
      <CataloguePage />
    </TestServices>,
  );
  return calls;
}

describe('the console catalogue page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('CAT-01 CAT-03 CONS-06 shows plans with their scheduled versions in New York time, and schedules a rate change from a New York date that then shows From it', async () => {
    const calls = setup(() => jsonResponse({ message: 'Scheduled.', audit_id: 7, replayed: false }));
    expect(await screen.findByText('$300.00 · 30,000 credits')).toBeTruthy();
    expect(screen.getByText(`From ${fromText}`)).toBeTruthy();
    expect(screen.getByText('$325.00 · 31,000 credits')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Rates' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule the rate at 9:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the rate at 9:00 AM' });
    fireEvent.change(within(dialog).getByLabelText('Credits per minute'), { target: { value: '41.50' } });
    fireEvent.change(within(dialog).getByLabelText('Effective from (New York time; empty for now)'), {
      target: { value: '2026-12-01T00:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Longer queues in the morning' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({
      path: '/catalogue/rates/',
      body: {
        reason: 'Longer queues in the morning',
        line: LINE,
        slot_start_minute: 540,
        credits_per_minute: 41.5,
        effective_from: FROM,
      },
    });
    expect(post.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(`From ${fromText}: 41.50`)).toBeTruthy();
  });

  it('CAT-03 shows a refused effective date under its field and keeps the dialog open', async () => {
    const calls = setup(() =>
      jsonResponse({ message: CATALOGUE_TEXT.pastDate, code: 'BAD_REQUEST', field: 'effective_from' }, 400),
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Rates' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule for the whole day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a rate for the whole day' });
    fireEvent.change(within(dialog).getByLabelText('Credits per minute'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const field = within(dialog).getByLabelText('Effective from (New York time; empty for now)');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(CATALOGUE_TEXT.pastDate)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')[0]!.body).toMatchObject({ slot_start_minute: null });
  });

  it('CAT-05 lists markets and lines with their enQ numbers, and opens the line editor with its fields', async () => {
    setup(() => jsonResponse({}));
    fireEvent.click(await screen.findByRole('tab', { name: 'Lines and markets' }));
    expect(await screen.findByRole('heading', { name: 'IRS' })).toBeTruthy();
    expect(screen.getByText('(888) 555-0101 · Mon–Fri 7:00 AM – 7:00 PM EST')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the line Practitioner Priority Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the line Practitioner Priority Service' });
    expect(within(dialog).getByLabelText('enQ number')).toHaveProperty('value', '+18885550101');
    expect(within(dialog).getByLabelText('Agency numbers (one a line)')).toHaveProperty(
      'value',
      '866-860-4259',
    );
  });
});
