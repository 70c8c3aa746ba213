// The calls export's one fast path: how a chunk of calls comes out of the database and becomes CSV
// lines. bench/calls (a million calls on PGlite, over loopback HTTP, 1,000-call chunks, on a busy
// two-core machine), one export: through csv-stringify 186,000 rows/s, with the lines below 194,000;
// four exports at once: 141,000 rows/s in all and +162 MB of server memory through csv-stringify
// (issue 17 allows 128), 243,000 rows/s and +98 MB with these lines. In process, csv-stringify took
// 1.4 µs a line, these 0.4. A chunk's statement took about 5 µs a call building json_agg, 1.9
// building the joined text below.
import {
  BUSINESS_TIME_ZONE,
  CALL_COLUMNS,
  CSV_BOM,
  ccToCredits,
  formatBilledDuration,
  neutraliseCell,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { INDEX_ORDER, NEWEST_FIRST, type CallRange } from './calls-range';

/** A call as the export writes it: its unix seconds, texts and amounts (in hundredths of a credit). */
export interface CsvCall {
  unixTime: number;
  destination: string;
  user: string;
  callerId: string;
  billedSeconds: number;
  rateCc: number;
  creditsCc: number;
}

/** Where the next chunk starts: the last call read, in the newest-first order. */
export interface Keyset {
  at: string;
  uuid: string;
}

/** A call's values as the database's text, in CsvCall's order. */
const VALUES = [
  `floor(extract(epoch from call_timestamp))::bigint`,
  'destination',
  'user_name',
  'caller_id_number',
  'billed_seconds',
  'billing_rate',
  'credits_used',
];

const toCsvCall = (v: string[]): CsvCall => ({
  unixTime: Number(v[0]),
  destination: v[1]!,
  user: v[2]!,
  callerId: v[3]!,
  billedSeconds: Number(v[4]),
  rateCc: Number(v[5]),
  creditsCc: Number(v[6]),
});

/** Separators of a joined chunk: U+001F between a call's values, U+001E between calls. */
const UNIT = '\x1f';
const RECORD = '\x1e';

/**
 * The next `limit` calls of the range after `after` (newest first, along calls_account_time_idx), and
 * where the chunk after them starts (null after the range's last call). The chunk crosses from the
 * database as one text, its calls' values joined with UNIT and RECORD: PGlite parses result rows in
 * JavaScript one by one, and building JSON costs the database more than the rows themselves. A text
 * holding either separator splits into more values than the chunk has: that chunk is then read again
 * as rows, which is slower and exact.
 */
export async function readCsvChunk(
  q: Transactional,
  r: CallRange,
  after: Keyset | null,
  limit: number,
): Promise<{ calls: Iterable<CsvCall>; next: Keyset | null }> {
  const params: unknown[] = [r.accountId, r.from, limit];
  const add = (value: unknown) => `$${params.push(value)}`;
  // The upper bound is the range's or the last call read, never both: given two, the index scan may
  // start from the range's and read again every call already sent.
  let where = after
    ? `(call_timestamp, call_uuid) < (${add(after.at)}::timestamptz, ${add(after.uuid)})`
    : `call_timestamp < to_timestamp(${add(r.to)}::bigint + 1)`;
  if (r.user !== undefined) where += ` and user_name = ${add(r.user)}`;
  if (r.destination !== undefined) where += ` and destination = ${add(r.destination)}`;
  const chunkCalls = `select * from calls
    where account_id = $1 and call_timestamp >= to_timestamp($2::bigint) and ${where}
    ${NEWEST_FIRST} limit $3`;
  // The oldest call's keyset comes in the same pass (reading it from the index first cost a fifth more).
  const [chunk] = await q.query<{ rows: number; joined: string | null; at: string; uuid: string }>(
    `select count(*)::int as rows,
            string_agg(concat_ws(E'\\x1f', ${VALUES.join(', ')}), E'\\x1e' ${NEWEST_FIRST}) as joined,
            min(call_timestamp)::text as at, (array_agg(call_uuid ${NEWEST_FIRST}))[count(*)] as uuid
       from (${chunkCalls}) c`,
    params,
    INDEX_ORDER,
  );
  const rows = chunk?.rows ?? 0;
  const next = rows === limit ? { at: chunk!.at, uuid: chunk!.uuid } : null;
  const joined = chunk?.joined ?? '';
  const records = rows === 0 ? [] : joined.split(RECORD);
  // As many records as calls, and six separators a call: no text holds one.
  if (records.length === rows && joined.split(UNIT).length === rows * (VALUES.length - 1) + 1)
    return { calls: lazily(records, (record) => toCsvCall(record.split(UNIT))), next };
  const exact = await q.query<Record<string, string>>(
    `select ${VALUES.map((v, i) => `(${v})::text as v${i}`).join(', ')} from (${chunkCalls}) c ${NEWEST_FIRST}`,
    params,
    INDEX_ORDER,
  );
  return { calls: exact.map((row) => toCsvCall(VALUES.map((_, i) => row[`v${i}`]!))), next };
}

/**
 * A chunk's calls made from its records one at a time, as the CSV takes them, so each is garbage once
 * its line is made. Made all at once (and their lines kept as one text per chunk), one bench/calls
 * export grew the server's memory by 48 to 162 MB over four runs; this way, and with the lines encoded
 * in pieces (calls-csv), by 50 MB in two.
 */
function* lazily(records: string[], toCall: (record: string) => CsvCall): Iterable<CsvCall> {
  for (const record of records) yield toCall(record);
}

/** The CSV's first line: byte-order mark (spreadsheets then read accents), column names, CRLF. */
export const CSV_HEADER = `${CSV_BOM}${CALL_COLUMNS.join(',')}\r\n`;

/** A text cell, always quoted (RFC 4180: a quote inside is doubled). */
const quoted = (cell: string) => `"${cell.includes('"') ? cell.replaceAll('"', '""') : cell}"`;

/**
 * A caller ID as the network sent it: an E.164 number ("+12025550100") or a word ("anonymous") is
 * written as it is (the formula guard would turn every number into "'+1…"); anything else is guarded.
 */
const callerIdCell = (value: string) =>
  /^\+?\d{1,15}$|^[A-Za-z][A-Za-z ]*$/.test(value) ? value : neutraliseCell(value);

/**
 * A call's CSV line, in CALL_COLUMNS order with a CRLF line end: the time in New York time and the
 * duration as minutes:seconds, as the table shows them; texts a person typed (line and user names)
 * quoted, with the formula guard; amounts in credits.
 */
export const csvLine = (c: CsvCall, formatTime: (unixSeconds: number) => string): string =>
  `${formatTime(c.unixTime)},${quoted(neutraliseCell(c.destination))},${quoted(neutraliseCell(c.user))},` +
  `${quoted(callerIdCell(c.callerId))},${formatBilledDuration(c.billedSeconds)},` +
  `${ccToCredits(c.rateCc)},${ccToCredits(c.creditsCc)}\r\n`;

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  timeZoneName: 'longOffset',
});
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

/** The zone's offset from UTC, in seconds, during the UTC hour `hour` (hours since the epoch). */
function zoneOffset(hour: number): number {
  const name = offsetFormat.formatToParts(new Date(hour * 3_600_000)).find((p) => p.type === 'timeZoneName');
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name?.value ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60) : 0;
}

/**
 * Formats unix seconds as 'MM/dd/yyyy hh:mm:ss AM' in America/New_York, as formatCallTime does, but
 * fast enough for a million rows (formatCallTime, through date-fns, took 19 µs a call; this 0.14):
 * offsets change on the hour, so the zone is asked once per UTC hour, and the text up to the minutes
 * is made once per local hour (calls come in time order).
 */
export function createCallTimeFormatter(): (unixSeconds: number) => string {
  const offsets = new Map<number, number>();
  let utcHour = NaN;
  let offset = 0;
  let localHour = NaN;
  let prefix = '';
  let suffix = '';
  return (unixSeconds) => {
    const hour = Math.floor(unixSeconds / 3600);
    if (hour !== utcHour) {
      let known = offsets.get(hour);
      if (known === undefined) {
        known = zoneOffset(hour);
        if (offsets.size > 100_000) offsets.clear();
        offsets.set(hour, known);
      }
      utcHour = hour;
      offset = known;
    }
    const local = unixSeconds + offset;
    const hourStart = Math.floor(local / 3600) * 3600;
    if (hourStart !== localHour) {
      const date = new Date(hourStart * 1000);
      const h = date.getUTCHours();
      prefix = `${TWO_DIGITS[date.getUTCMonth() + 1]}/${TWO_DIGITS[date.getUTCDate()]}/${date.getUTCFullYear()} ${
        TWO_DIGITS[h % 12 === 0 ? 12 : h % 12]
      }:`;
      suffix = h < 12 ? ' AM' : ' PM';
      localHour = hourStart;
    }
    const within = local - hourStart;
    return `${prefix}${TWO_DIGITS[Math.floor(within / 60)]}:${TWO_DIGITS[within % 60]}${suffix}`;
  };
}
