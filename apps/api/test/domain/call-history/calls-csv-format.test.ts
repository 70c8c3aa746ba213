import { CALL_CSV_COLUMNS, formatCallTime, neutraliseCell } from '@enq/contract';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { callsCsv } from '../../../src/domain/call-history/calls-csv';
import {
  createCallTimeFormatter,
  JoinedCalls,
  type CsvCall,
} from '../../../src/domain/call-history/calls-csv-fast';

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
    '\tTAB',
    '\rCR',
    'Tom "T" Nguyen, CPA',
    'Line\nbreak',
    'Line\r\nbreak',
    'Zoë Ångström',
    '',
  ),
);
const call = fc.record({
  unixTime: fc.integer({ min: 631_152_000, max: 4_102_444_800 }),
  billedSeconds: fc.integer({ min: 0, max: 100_000 }),
  rateCc: fc.integer({ min: 0, max: 10_000_000 }),
  creditsCc: fc.integer({ min: 0, max: 10_000_000 }),
  destination: text,
  user: text,
  callerId: text,
});
const values = (
  [unixTime, billedSeconds, rateCc, creditsCc]: number[],
  [destination, user, callerId]: string[],
): CsvCall => ({
  unixTime: unixTime!,
  billedSeconds: billedSeconds!,
  rateCc: rateCc!,
  creditsCc: creditsCc!,
  destination: destination!,
  user: user!,
  callerId: callerId!,
});
/** The CSV of `calls` as text, its byte-order mark kept (a TextDecoder would drop it). */
const csvOf = async (calls: CsvCall[]) => (await buffer(callsCsv([calls]))).toString('utf8');
const HEADER = `\uFEFF${CALL_CSV_COLUMNS.join(',')}\r\n`;

describe('the CSV of calls', () => {
  it("API-15 parses back to each call's cells as the table shows them, with formulas neutralised", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(call, { maxLength: 20 }), async (calls) => {
        const csv = await csvOf(calls);
        expect(csv.startsWith(HEADER)).toBe(true);
        expect(parse(csv, { bom: true })).toEqual([
          [...CALL_CSV_COLUMNS],
          ...calls.map((c) => [
            formatCallTime(c.unixTime),
            neutraliseCell(c.destination),
            neutraliseCell(c.user),
            /^\+?\d{1,15}$|^[A-Za-z][A-Za-z ]*$/.test(c.callerId) ? c.callerId : neutraliseCell(c.callerId),
            // Numbers a spreadsheet keeps: whole seconds, and minutes (two decimals).
            String(c.billedSeconds),
            (c.billedSeconds / 60).toFixed(2),
            String(c.rateCc / 100),
            String(c.creditsCc / 100),
          ]),
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('prints credits as the table does, and neutralises formulas', async () => {
    const csv = await csvOf([
      values([1_700_000_000, 205, 2750, 5729], ['=cmd', '+1 202', 'Ann "A"']),
      values([1_700_000_000, 59, 5, 100], ['IRS', 'Bo', '@home']),
      values([1_700_000_000, 60, 0, 10], ['IRS', 'Bo', '-1']),
    ]);
    const time = formatCallTime(1_700_000_000);
    expect(csv).toBe(
      HEADER +
        `${time},"'=cmd","'+1 202","Ann ""A""",205,3.42,27.5,57.29\r\n` +
        `${time},"IRS","Bo","'@home",59,0.98,0.05,1\r\n` +
        `${time},"IRS","Bo","'-1",60,1.00,0,0.1\r\n`,
    );
  });

  it('prints negative amounts as numbers, not as formulas', async () => {
    const csv = await csvOf([values([1_700_000_000, 61, -250, -5], ['IRS', 'Bo', '+1'])]);
    expect(csv).toContain(',61,1.02,-2.5,-0.05\r\n');
  });

  it('guards a text that starts with a TAB or a CR, some programs skip them before a formula', async () => {
    const csv = await csvOf([values([1_700_000_000, 1, 1, 1], ['\t=1', '\r=2', '\t+1'])]);
    expect(parse(csv, { bom: true })[1]).toEqual([
      formatCallTime(1_700_000_000),
      "'\t=1",
      "'\r=2",
      "'\t+1",
      '1',
      '0.02',
      '0.01',
      '0.01',
    ]);
  });
});

describe('the CSV of a chunk as the database joins it (the fast path)', () => {
  /** The chunk's text as readCsvChunk's statement builds it: values by U+001F, calls by U+001E. */
  const joined = (calls: CsvCall[]) =>
    new JoinedCalls(
      calls
        .map((c) =>
          [c.unixTime, c.destination, c.user, c.callerId, c.billedSeconds, c.rateCc, c.creditsCc].join(
            '\x1f',
          ),
        )
        .join('\x1e'),
      calls.length,
    );
  const plain = fc.string().filter((s) => !s.includes('\x1e') && !s.includes('\x1f'));
  const amount = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: -10_000, max: -1 }));
  const joinable = fc.record({
    unixTime: fc.integer({ min: 631_152_000, max: 4_102_444_800 }),
    billedSeconds: fc.integer({ min: 0, max: 100_000 }),
    rateCc: amount,
    creditsCc: amount,
    destination: fc.oneof(plain, fc.constantFrom('=SUM(A1)', 'Tom "T" Nguyen, CPA', 'Zoë Ångström', '')),
    user: plain,
    callerId: fc.oneof(plain, fc.constantFrom('+12025550100', 'anonymous', '-5')),
  });

  it('is byte for byte the CSV of the same calls one by one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(joinable, { minLength: 1, maxLength: 40 }), async (calls) => {
        const fast = await buffer(callsCsv([joined(calls)]));
        const exact = await buffer(callsCsv([calls]));
        expect(fast.equals(exact)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the amounts as ccToCredits does, trailing zeros dropped', async () => {
    const csv = (
      await buffer(callsCsv([joined([values([1_700_000_000, 205, 2750, 100], ['IRS', 'Bo', '+1'])])]))
    ).toString();
    expect(csv).toContain(',205,3.42,27.5,1\r\n');
  });
});
