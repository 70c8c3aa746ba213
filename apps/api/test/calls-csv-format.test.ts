import { formatCallTime } from '@enq/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOINED_RECORD, JOINED_UNIT, type CsvValues } from '../src/domain/call-history/calls-repository';
import { CsvBytes } from '../src/domain/call-history/csv-bytes';
import { formatCsvLine, writeJoinedCalls } from '../src/domain/call-history/csv-line';
import { createCallTimeFormatter } from '../src/domain/call-history/csv-time';

describe('the CSV time formatter', () => {
  const format = createCallTimeFormatter();
  it('matches formatCallTime around the 2026 DST changes', () => {
    for (const start of [Date.UTC(2026, 2, 8, 5), Date.UTC(2026, 10, 1, 4)]) {
      for (let s = start / 1000 - 7200; s < start / 1000 + 7200; s += 599)
        expect(format(s)).toBe(formatCallTime(s));
    }
  });
  it('matches formatCallTime for any second from 1990 to 2100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 631_152_000, max: 4_102_444_800 }),
        (s) => format(s) === formatCallTime(s),
      ),
      { numRuns: 2000 },
    );
  });
});

const text = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '=SUM(A1)',
    '+12025550100',
    '-5',
    '@x',
    'Tom "T" Nguyen, CPA',
    'Line\nbreak',
    'Zoë Ångström',
    '',
    `unit${JOINED_UNIT}inside`,
    `record${JOINED_RECORD}inside`,
  ),
);
const call = fc.tuple(
  fc.integer({ min: 631_152_000, max: 4_102_444_800 }),
  fc.integer({ min: 0, max: 100_000 }),
  fc.integer({ min: 0, max: 10_000_000 }),
  fc.integer({ min: 0, max: 10_000_000 }),
  text,
  text,
  text,
);
const values = (c: (string | number)[]) => c.map(String) as CsvValues;
const joinCalls = (calls: CsvValues[]) => calls.map((c) => c.join(JOINED_UNIT)).join(JOINED_RECORD);
const hasSeparator = (calls: CsvValues[]) =>
  calls.some((c) => c.some((v) => v.includes(JOINED_UNIT) || v.includes(JOINED_RECORD)));

describe('the CSV lines of a joined chunk', () => {
  const formatTime = createCallTimeFormatter();
  const oneByOne = (calls: CsvValues[]) => calls.map((c) => formatCsvLine(c, formatTime)).join('');
  const joinedLines = (calls: CsvValues[]) => {
    const out = new CsvBytes(64);
    const ok = writeJoinedCalls(joinCalls(calls), calls.length, formatTime, out);
    return { ok, text: Buffer.concat(out.take()).toString('utf8') };
  };

  it('API-15 are the lines the calls make one by one, or nothing when a text holds a separator', () => {
    fc.assert(
      fc.property(fc.array(call.map(values), { maxLength: 20 }), (calls) => {
        const { ok, text } = joinedLines(calls);
        if (hasSeparator(calls)) return !ok && text === '';
        return ok && text === oneByOne(calls);
      }),
      { numRuns: 3000 },
    );
  });

  it('prints credits as the table does, and neutralises formulas', () => {
    const calls = [
      values([1_700_000_000, 205, 2750, 5729, '=cmd', '+1 202', 'Ann "A"']),
      values([1_700_000_000, 59, 5, 100, 'IRS', 'Bo', '@home']),
      values([1_700_000_000, 60, 0, 10, 'IRS', 'Bo', '-1']),
    ];
    const { ok, text } = joinedLines(calls);
    expect(ok).toBe(true);
    const time = formatCallTime(1_700_000_000);
    expect(text).toBe(
      `${time},"'=cmd","'+1 202","Ann ""A""",3:25,27.5,57.29\r\n` +
        `${time},"IRS","Bo","'@home",0:59,0.05,1\r\n` +
        `${time},"IRS","Bo","'-1",1:00,0,0.1\r\n`,
    );
  });

  it('takes a negative number the slow way rather than misprinting it', () => {
    const calls = [values([1_700_000_000, 61, -250, -5, 'IRS', 'Bo', '+1'])];
    const { ok, text } = joinedLines(calls);
    expect(ok).toBe(true);
    expect(text).toBe(oneByOne(calls));
    expect(text).toContain(',1:01,-2.5,-0.05\r\n');
  });

  it('refuses a joined text with more calls than counted', () => {
    const calls = [values([1, 2, 3, 4, 'a', 'b', 'c']), values([1, 2, 3, 4, 'a', 'b', 'c'])];
    const out = new CsvBytes();
    expect(writeJoinedCalls(joinCalls(calls), 1, formatTime, out)).toBe(false);
    expect(out.take()).toEqual([]);
  });
});

describe('CsvBytes', () => {
  it('gives back UTF-8 bytes of everything added, across runs and scratch sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 300 })),
        fc.integer({ min: 1, max: 4096 }),
        (parts, size) => {
          const out = new CsvBytes(size);
          for (const p of parts) out.add(p);
          return Buffer.concat(out.take()).equals(Buffer.from(parts.join('')));
        },
      ),
    );
  });
  it('starts afresh after a take or a reset', () => {
    const out = new CsvBytes();
    out.add('dropped');
    out.reset();
    out.add('kept');
    expect(Buffer.concat(out.take()).toString()).toBe('kept');
    expect(out.take()).toEqual([]);
  });
});
