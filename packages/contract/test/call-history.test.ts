import { describe, expect, it } from 'vitest';
import {
  CALL_COLUMNS,
  CALL_TEXT,
  billedMinutes,
  formatBilledDuration,
  formatCallTime,
  neutraliseCell,
  presetRange,
  validateCallRange,
} from '../src/call-history';
import { CALL_PRESETS, availablePresets, defaultPreset } from '../src/call-presets';
import type { CallDates } from '../src/call-history-schemas';

const DATES: CallDates = {
  current_period: { start_date: 1_773_500_000, end_date: 1_776_100_000 },
  previous_period: { start_date: 1_770_800_000, end_date: 1_773_499_999 },
};
const iso = (d: Date | undefined) => d?.toISOString();
/** Range as UTC ISO strings. */
const at = (preset: Parameters<typeof presetRange>[0], now: string, dates?: CallDates | null) => {
  const range = presetRange(preset, new Date(now), dates);
  return range ? [iso(range.start), iso(range.end)] : null;
};

describe('call history presets', () => {
  it('CALL-01 lists the nine presets in the required order', () => {
    expect(CALL_PRESETS.map((p) => p.label)).toEqual([
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
  });

  it('CALL-02 offers the period presets only when the dates response has them', () => {
    expect(availablePresets(DATES).map((p) => p.id)).toContain('previous-period');
    expect(availablePresets(null).map((p) => p.id)).not.toContain('previous-period');
    expect(availablePresets(null).map((p) => p.id)).not.toContain('current-period');
    expect(availablePresets({ ...DATES, previous_period: null }).map((p) => p.id)).toEqual([
      'custom',
      'current-period',
      'today',
      'yesterday',
      'last-7-days',
      'last-30-days',
      'this-month',
      'last-month',
    ]);
  });

  it('CALL-03 defaults to current period with dates, else today', () => {
    expect(defaultPreset(DATES)).toBe('current-period');
    expect(defaultPreset(null)).toBe('today');
    expect(defaultPreset({ current_period: null, previous_period: null })).toBe('today');
  });

  it('period presets take the dates; custom has no range', () => {
    expect(presetRange('current-period', new Date(), DATES)).toEqual({
      start: new Date(1_773_500_000_000),
      end: new Date(1_776_100_000_000),
    });
    expect(presetRange('previous-period', new Date(), DATES)?.end).toEqual(new Date(1_773_499_999_000));
    expect(presetRange('previous-period', new Date(), null)).toBeNull();
    expect(presetRange('custom', new Date(), DATES)).toBeNull();
  });

  // 2026-03-08 is the spring DST change in New York (02:00 EST -> 03:00 EDT).
  it('today, yesterday, last 7 and 30 days are New York days across the spring DST change', () => {
    const now = '2026-03-09T03:30:00Z'; // 2026-03-08 23:30 EDT
    expect(at('today', now)).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T03:59:59.000Z']);
    expect(at('yesterday', now)).toEqual(['2026-03-07T05:00:00.000Z', '2026-03-08T04:59:59.000Z']);
    expect(at('last-7-days', now)).toEqual(['2026-03-02T05:00:00.000Z', '2026-03-09T03:59:59.000Z']);
    expect(at('last-30-days', now)).toEqual(['2026-02-07T05:00:00.000Z', '2026-03-09T03:59:59.000Z']);
    // UTC is already Mar 9 but New York is still Mar 8.
    expect(at('today', '2026-03-09T01:00:00Z')![0]).toBe('2026-03-08T05:00:00.000Z');
  });

  it('this month and last month follow local months across the autumn DST change', () => {
    const now = '2026-11-15T12:00:00Z';
    expect(at('this-month', now)).toEqual(['2026-11-01T04:00:00.000Z', '2026-12-01T04:59:59.000Z']);
    expect(at('last-month', now)).toEqual(['2026-10-01T04:00:00.000Z', '2026-11-01T03:59:59.000Z']);
    expect(at('yesterday', '2026-11-02T12:00:00Z')).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T04:59:59.000Z',
    ]); // the 25-hour day
    expect(at('last-month', '2026-01-10T12:00:00Z')).toEqual([
      '2025-12-01T05:00:00.000Z',
      '2026-01-01T04:59:59.000Z',
    ]);
  });
});

describe('call history validation', () => {
  const d = (s: string) => new Date(s);
  it('CALL-07 a year above 9999 is refused', () => {
    expect(validateCallRange(d('+010000-01-02T00:00:00Z'), d('2026-01-01T00:00:00Z'), 'start')).toEqual({
      field: 'start',
      message: 'Year cannot be greater than 9999.',
    });
    expect(validateCallRange(d('2026-01-01T00:00:00Z'), d('+010000-06-01T00:00:00Z'))?.message).toBe(
      CALL_TEXT.yearTooLarge,
    );
  });
  it('CALL-08 a start moved after the end blames the start', () => {
    expect(validateCallRange(d('2026-02-02T00:00:00Z'), d('2026-02-01T00:00:00Z'), 'start')).toEqual({
      field: 'start',
      message: 'Start date cannot be after end date.',
    });
  });
  it('CALL-09 an end moved before the start blames the end', () => {
    expect(validateCallRange(d('2026-02-02T00:00:00Z'), d('2026-02-01T00:00:00Z'), 'end')).toEqual({
      field: 'end',
      message: 'End date cannot be before the start date.',
    });
    expect(validateCallRange(d('2026-02-01T00:00:00Z'), d('2026-02-01T00:00:00Z'))).toBeNull();
  });
});

describe('call history texts', () => {
  it('CALL-10 CALL-11 CALL-13 has the required texts word for word', () => {
    const { billedIn, ...spec } = CALL_TEXT;
    expect(spec).toEqual({
      empty: 'No data available. Select a different date range.',
      yearTooLarge: 'Year cannot be greater than 9999.',
      startAfterEnd: 'Start date cannot be after end date.',
      endBeforeStart: 'End date cannot be before the start date.',
      download: 'Download CSV',
    });
    expect(billedIn('Mar 5, 2026 – Apr 5, 2026')).toBe('Billed in Mar 5, 2026 – Apr 5, 2026');
    expect(CALL_COLUMNS).toEqual([
      'Time Stamp (EST)',
      'Destination',
      'User',
      'Caller ID',
      'Billed Duration',
      'Billing rate',
      'Credits used',
    ]);
  });
});

describe('call history formatting', () => {
  it('shows times in New York, durations as m:ss and neutralises formulas', () => {
    expect(formatCallTime(Date.UTC(2026, 6, 4, 16, 5, 9) / 1000)).toBe('07/04/2026 12:05:09 PM');
    expect(formatCallTime(Date.UTC(2026, 0, 4, 4, 0, 0) / 1000)).toBe('01/03/2026 11:00:00 PM');
    expect(formatBilledDuration(205)).toBe('3:25');
    expect(formatBilledDuration(5)).toBe('0:05');
    // The CSV's minutes: two decimals, half up.
    expect(billedMinutes(205)).toBe('3.42');
    expect(billedMinutes(1)).toBe('0.02');
    expect(billedMinutes(60)).toBe('1.00');
    expect(billedMinutes(0)).toBe('0.00');
    expect(billedMinutes(86_400)).toBe('1440.00');
    for (const bad of ['=1+1', '+1', '-2', '@SUM(A1)']) expect(neutraliseCell(bad)).toBe(`'${bad}`);
    expect(neutraliseCell('Dana')).toBe('Dana');
    // A leading TAB or CR also starts a formula in some spreadsheet programs.
    expect(neutraliseCell('\t=1+1')).toBe("'\t=1+1");
    expect(neutraliseCell('\r=1+1')).toBe("'\r=1+1");
  });
});
