import { describe, expect, it } from 'vitest';
import { CALL_DATES } from './call-history-fixtures';
import { openingView } from './call-history-state';

describe('the view Call History opens on', () => {
  const now = new Date('2026-04-01T12:00:00Z');

  it('with no range in the address: the current period, page 1', () => {
    const { start_date, end_date } = CALL_DATES.current_period;
    expect(openingView(new URLSearchParams(), CALL_DATES, now)).toEqual({
      preset: 'current-period',
      from: start_date,
      to: end_date,
      page: 1,
    });
  });

  it('with no periods at all: today in New York', () => {
    const view = openingView(new URLSearchParams(), { current_period: null, previous_period: null }, now);
    expect(view.preset).toBe('today');
    expect(new Date(view.from * 1000).toISOString()).toBe('2026-04-01T04:00:00.000Z');
  });

  it('a bookmarked relative preset means that range today, not the day it was saved; the rest is kept', () => {
    const saved = new URLSearchParams('preset=today&from=1700000000&to=1700086399&page=2&destination=IRS');
    const view = openingView(saved, CALL_DATES, now);
    expect(new Date(view.from * 1000).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(view).toMatchObject({ preset: 'today', page: 2, destination: 'IRS' });
  });
});
